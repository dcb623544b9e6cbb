import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerDataRoutes } from './data.routes.js';

/** Countries, states, continents and currencies at WooCommerce's `wc/v3/data` routes. */
export function addressesPart(ctx: ShopContext): ShopPart {
  return {
    name: 'addresses',
    routes(app) {
      registerDataRoutes(app, ctx);
    },
  };
}
