import { demoShippingStep } from '../demo/shipping-demo.js';
import * as shippingMigration from '../migrations/2026-11-28T21-40-shipping.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerClassRoutes } from './shipping-classes.routes.js';
import { registerZoneRoutes } from './shipping-zones.routes.js';

/** Shipping: zones, locations, methods and classes at WooCommerce's `wc/v3` routes. */
export function shippingPart(ctx: ShopContext): ShopPart {
  return {
    name: 'shipping',
    migrations: { '2026-11-28T21-40-shipping': shippingMigration },
    demo: demoShippingStep(ctx),
    routes: async (app) => {
      registerZoneRoutes(app, ctx);
      registerClassRoutes(app, ctx);
    },
  };
}
