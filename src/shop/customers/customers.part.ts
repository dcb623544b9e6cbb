import { customersDemoStep } from '../demo/customers-demo.js';
import * as customerAddresses from '../migrations/2026-11-25T17-30-customer-addresses.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerCustomerRoutes } from './customers.routes.js';

/** Customers: self-registration (`auth/v1/register`) and `wc/v3/customers`. */
export function customersPart(ctx: ShopContext): ShopPart {
  return {
    name: 'customers',
    migrations: { '2026-11-25T17-30-customer-addresses': customerAddresses },
    demo: customersDemoStep(ctx),
    routes(app) {
      registerCustomerRoutes(app, ctx);
    },
  };
}
