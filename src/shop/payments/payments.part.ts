import * as paymentsMigration from '../migrations/2026-11-28T22-10-payments.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { bacsGateway, chequeGateway, codGateway } from './offline-gateways.js';
import { registerPaymentGatewayRoutes } from './payment-gateways.routes.js';
import { PaymentGateways } from './payment-gateways.service.js';

/** Payments: the gateway registry, `wc/v3/payment_gateways` and the gateways' own routes. */
export function paymentsPart(ctx: ShopContext): ShopPart & { gateways: PaymentGateways } {
  const gateways = new PaymentGateways(ctx, [codGateway, bacsGateway, chequeGateway]);
  return {
    name: 'payments',
    gateways,
    migrations: { '2026-11-28T22-10-payments': paymentsMigration },
    routes(app) {
      registerPaymentGatewayRoutes(app, { ctx, gateways });
    },
  };
}
