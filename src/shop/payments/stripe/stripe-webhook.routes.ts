import { Type } from '@sinclair/typebox';
import { RestError } from '../../../platform/http/errors.js';
import { withRawBodies } from '../../../platform/http/raw-body-routes.js';
import type { RestApp } from '../../../platform/http/server.js';
import type { StripePayments } from './stripe-payments.service.js';

/** `POST /?wc-api=wc_stripe`: Stripe's webhook endpoint, at the address WooCommerce's Stripe gateway gives owners. */
export function registerStripeWebhookRoute(app: RestApp, payments: StripePayments): void {
  withRawBodies(app, (scope) => {
    scope.post(
      '/',
      {
        config: { auth: { access: 'public', nonce: 'never' } },
        schema: {
          hide: true,
          querystring: Type.Object({ 'wc-api': Type.String({ maxLength: 60 }) }),
        },
      },
      async (request) => {
        if (request.query['wc-api'] !== 'wc_stripe')
          throw new RestError(
            'rest_no_route',
            'No route was found matching the URL and request method.',
            404,
          );
        const signature = request.headers['stripe-signature'];
        await payments.handleWebhook(
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true };
      },
    );
  });
}
