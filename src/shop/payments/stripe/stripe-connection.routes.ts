import type { RestApp } from '../../../platform/http/server.js';
import type { PaymentGateways } from '../payment-gateways.service.js';
import type { StripeClient } from './stripe-client.js';
import { checkStripeConnection } from './stripe-connection.js';
import { StripeConnectionBody, StripeConnectionSchema } from './stripe-connection.schemas.js';

/** `POST /wc/v3/payment_gateways/stripe/connection`: asks Stripe whether the secret key works (shop managers). */
export function registerStripeConnectionRoute(
  app: RestApp,
  deps: { client: StripeClient; gateways: PaymentGateways },
): void {
  app.post(
    '/wc/v3/payment_gateways/stripe/connection',
    {
      config: { auth: { access: 'capability', capability: 'manage_woocommerce', nonce: 'cookie' } },
      schema: {
        tags: ['shop: payment gateways'],
        summary:
          'Check a Stripe secret key against Stripe (GET /v1/account): the one given, else the stored one; nothing is stored.',
        description:
          'A key Stripe refuses answers 200 with `connected: false` and Stripe’s reason; Stripe unreachable → 502 `stripe_unreachable`.',
        body: StripeConnectionBody,
        response: { 200: StripeConnectionSchema },
      },
    },
    async (request) =>
      checkStripeConnection({
        client: deps.client,
        settings: (await deps.gateways.get('stripe')).settings,
        secretKey: request.body?.secret_key,
      }),
  );
}
