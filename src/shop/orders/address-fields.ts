// The address fields of an order, in a file of their own so the schemas (which the admin app reads) import no
// server code.

/** WooCommerce's billing address fields. */
export const BILLING_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
  'country',
  'email',
  'phone',
] as const;

/** A billing address (every field a string, empty when unknown). */
export type BillingAddress = Record<(typeof BILLING_FIELDS)[number], string>;

/** WooCommerce's shipping address fields (an order's; no e-mail). */
export const SHIPPING_FIELDS = BILLING_FIELDS.filter((f) => f !== 'email') as Array<
  Exclude<(typeof BILLING_FIELDS)[number], 'email'>
>;

/** A shipping address (every field a string, empty when unknown). */
export type ShippingAddress = Record<(typeof SHIPPING_FIELDS)[number], string>;
