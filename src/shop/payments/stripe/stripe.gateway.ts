import type { GatewayField, PaymentGateway } from '../payment-gateway.js';
import type { StripePayments } from './stripe-payments.service.js';

const field = (
  id: string,
  label: string,
  description: string,
  extra: Partial<GatewayField> = {},
): GatewayField => ({
  id,
  label,
  description,
  type: 'text',
  default: '',
  tip: description,
  placeholder: '',
  ...extra,
});

/**
 * Card payments through Stripe Checkout (the hosted page on checkout.stripe.com, or beside `apiBase` — the fake's):
 * the order waits, pending, for Stripe's webhook.
 */
export function stripeGateway(payments: () => StripePayments, apiBase: string): PaymentGateway {
  return {
    id: 'stripe',
    hostedPageOrigins: [...new Set(['https://checkout.stripe.com', new URL(apiBase).origin])],
    methodTitle: 'Stripe',
    methodDescription:
      'Take card payments on Stripe Checkout, the page Stripe hosts; Stripe tells the shop when an order is paid.',
    supports: ['products', 'refunds'],
    defaults: {
      enabled: false,
      title: 'Credit card (Stripe)',
      description: 'Pay with your credit card on Stripe’s secure page.',
    },
    fields: [
      field('title', 'Title', 'This controls the title which the user sees during checkout.', {
        default: 'Credit card (Stripe)',
      }),
      field('testmode', 'Test mode', 'Use test keys: no real card is charged.', {
        type: 'checkbox',
        default: 'yes',
      }),
      field('publishable_key', 'Publishable key', 'The key starting with pk_ from the Stripe dashboard.', {
        placeholder: 'pk_test_…',
      }),
      field(
        'secret_key',
        'Secret key',
        'The key starting with sk_ (or rk_); stored encrypted, never shown whole.',
        {
          type: 'password',
          placeholder: 'sk_test_…',
          secret: true,
        },
      ),
      field(
        'webhook_secret',
        'Webhook secret',
        'The signing secret (whsec_…) of the webhook endpoint; stored encrypted.',
        {
          type: 'password',
          placeholder: 'whsec_…',
          secret: true,
        },
      ),
    ],
    placedStatus: 'pending',
    pay: (input) => payments().startCheckout(input),
    async receivedNotes({ order }) {
      const current = await payments().confirm(order);
      return current.status === 'pending'
        ? [
            'Payment pending: Stripe has not confirmed your payment yet. Reload this page in a moment to see it.',
          ]
        : [
            `Payment received: your order is ${current.status === 'processing' ? 'processing' : current.status}.`,
          ];
    },
  };
}
