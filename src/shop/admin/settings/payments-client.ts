import type { Static } from '@sinclair/typebox';
import { api, apiCompute } from '../../../admin/api.js';
import type { PaymentGatewaySchema } from '../../payments/payment-gateways.schemas.js';
import type { StripeConnectionSchema } from '../../payments/stripe/stripe-connection.schemas.js';

/** A payment gateway as `wc/v3/payment_gateways` answers it (secrets masked). */
export type Gateway = Static<typeof PaymentGatewaySchema>;
/** What the Stripe connection check answers. */
export type StripeConnection = Static<typeof StripeConnectionSchema>;

/** The gateways route (the list, and the prefix of every gateway read). */
export const GATEWAYS_ROUTE = '/wc/v3/payment_gateways';

/** Saves a gateway's switch, texts, position or settings (`PUT`, WooCommerce's fields). */
export function saveGateway(
  id: string,
  body: {
    enabled?: boolean;
    title?: string;
    description?: string;
    order?: number;
    settings?: Record<string, string>;
  },
): Promise<Gateway> {
  return api({ path: `${GATEWAYS_ROUTE}/${id}`, method: 'PUT', data: body });
}

/** Asks Stripe, through the shop, whether a secret key works (the stored one when `secretKey` is its mask). */
export function checkStripeConnection(secretKey: string): Promise<StripeConnection> {
  return apiCompute({
    path: `${GATEWAYS_ROUTE}/stripe/connection`,
    method: 'POST',
    data: { secret_key: secretKey },
  });
}

/** The address to give Stripe for its webhooks: the shop's public URL (the REST index's `home`) + `/?wc-api=wc_stripe`. */
export async function fetchStripeWebhookUrl(): Promise<string> {
  const index = await api<{ home: string }>({ path: '/?_fields=home' });
  return `${index.home.replace(/\/$/, '')}/?wc-api=wc_stripe`;
}
