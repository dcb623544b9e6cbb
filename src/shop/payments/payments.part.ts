import type { CartService } from '../cart/cart.service.js';
import * as paymentsMigration from '../migrations/2026-11-28T22-10-payments.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { RefundsService } from '../orders/refunds.service.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { bacsGateway, chequeGateway, codGateway } from './offline-gateways.js';
import { registerPaymentGatewayRoutes } from './payment-gateways.routes.js';
import { PaymentGateways } from './payment-gateways.service.js';
import { StripeClient } from './stripe/stripe-client.js';
import { registerStripeConnectionRoute } from './stripe/stripe-connection.routes.js';
import { enableDemoStripe } from './stripe/stripe-demo.js';
import { StripePayments } from './stripe/stripe-payments.service.js';
import { stripeGateway } from './stripe/stripe.gateway.js';
import { registerStripeWebhookRoute } from './stripe/stripe-webhook.routes.js';

/** Payments: the gateway registry, `wc/v3/payment_gateways`, Stripe Checkout with its webhook, refunds and key check. */
export function paymentsPart(
  ctx: ShopContext,
  deps: { orders: OrdersService; refunds: RefundsService; carts: CartService },
): ShopPart & { gateways: PaymentGateways } {
  const gateways: PaymentGateways = new PaymentGateways(ctx, [
    codGateway,
    bacsGateway,
    chequeGateway,
    stripeGateway(
      (): StripePayments => stripe,
      ctx.config.services.STRIPE_API_BASE ?? 'https://api.stripe.com',
    ),
  ]);
  const client = new StripeClient(ctx.http);
  const stripe: StripePayments = new StripePayments(ctx, {
    ...deps,
    client,
    settings: async () => (await gateways.get('stripe')).settings,
  });
  // Refunds of Stripe orders go back through Stripe unless the caller says `api_refund: false`.
  deps.refunds.setGatewayRefunds((order, amount, reason) =>
    order.payment_method === 'stripe' ? stripe.refund(order, amount, reason) : null,
  );
  return {
    name: 'payments',
    gateways,
    migrations: { '2026-11-28T22-10-payments': paymentsMigration },
    routes(app) {
      registerPaymentGatewayRoutes(app, { ctx, gateways });
      registerStripeConnectionRoute(app, { client, gateways });
    },
    pages(app) {
      registerStripeWebhookRoute(app, stripe);
    },
    subscribers() {
      ctx.events.on('shop.demo.seeded', async ({ withFakes, print }) => {
        if (withFakes) await enableDemoStripe(gateways, print);
      });
    },
  };
}
