import { deepMerge } from '../config/deep.js';
import { factoryTableConfig } from '../config/table-config.defaults.js';
import { completeColumn } from '../config/table-config.service.js';
import type { PluginSettings, PluginSettingsInput } from './settings.schemas.js';

/** Factory global settings; `table_defaults` is the one canonical factory table configuration. */
export function factorySettings(): PluginSettings {
  const { title: _title, status: _status, ...table_defaults } = factoryTableConfig();
  return {
    add_to_cart_text: 'Add to Cart',
    select_options_text: 'Select options',
    logging_enabled: true,
    log_retention: 30,
    render_cache_seconds: 5,
    table_defaults,
  };
}

/** Stored settings deep-merged over the factory ones; stored columns completed, none stored → the factory columns. */
export function withFactoryDefaults(stored: PluginSettingsInput): PluginSettings {
  const merged = deepMerge(factorySettings(), stored);
  const columns = stored.table_defaults?.columns;
  if (columns && columns.length > 0) merged.table_defaults.columns = columns.map(completeColumn);
  else merged.table_defaults.columns = factoryTableConfig().columns;
  return merged;
}
