import type { PluginSettings } from './settings.schemas.js';

/** Factory global settings; `table_defaults` holds only what differs from the factory table configuration. */
export function factorySettings(): PluginSettings {
  return {
    add_to_cart_text: 'Add to Cart',
    select_options_text: 'Select options',
    logging_enabled: true,
    log_retention: 30,
    render_cache_seconds: 5,
    table_defaults: { source: {}, columns: [], settings: {}, style: {} },
  };
}
