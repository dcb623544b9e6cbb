import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerSettingsRoutes } from './settings.routes.js';

/** Store settings at WooCommerce's `wc/v3/settings` routes (general and tax groups). */
export function settingsPart(ctx: ShopContext): ShopPart {
  return {
    name: 'settings',
    routes(app) {
      registerSettingsRoutes(app, ctx);
    },
  };
}
