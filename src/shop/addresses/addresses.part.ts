import * as addressCountryCodes from '../migrations/2026-11-28T22-00-address-country-codes.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerDataRoutes } from './data.routes.js';

/** Countries, states, continents and currencies at WooCommerce's `wc/v3/data` routes. */
export function addressesPart(ctx: ShopContext): ShopPart {
  return {
    name: 'addresses',
    migrations: { '2026-11-28T22-00-address-country-codes': addressCountryCodes },
    routes(app) {
      registerDataRoutes(app, ctx);
    },
  };
}
