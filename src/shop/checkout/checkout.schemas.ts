import { Type } from '@sinclair/typebox';
import { BillingSchema, ShippingSchema } from '../orders/orders.schemas.js';

/** `POST /wc/store/v1/checkout` body (WooCommerce Store API). */
export const CheckoutBody = Type.Object({
  billing_address: Type.Intersect([
    Type.Partial(BillingSchema),
    Type.Object({ email: Type.String({ format: 'email', minLength: 3 }) }),
  ]),
  shipping_address: Type.Optional(Type.Partial(ShippingSchema)),
  customer_note: Type.Optional(Type.String({ maxLength: 5000 })),
  payment_method: Type.String({
    minLength: 1,
    description: 'An enabled payment gateway (`GET /wc/v3/payment_gateways`).',
  }),
  payment_data: Type.Optional(Type.Array(Type.Object({ key: Type.String(), value: Type.Unknown() }))),
  create_account: Type.Optional(Type.Boolean()),
  extensions: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description: 'Extension data by namespace, handed to `order.created` handlers.',
    }),
  ),
});

/** What checkout answers (WooCommerce Store API). */
export const CheckoutResponse = Type.Object({
  order_id: Type.Integer(),
  status: Type.String(),
  order_key: Type.String(),
  order_number: Type.String(),
  customer_note: Type.String(),
  customer_id: Type.Integer(),
  billing_address: BillingSchema,
  shipping_address: ShippingSchema,
  payment_method: Type.String(),
  payment_result: Type.Object({
    payment_status: Type.String(),
    payment_details: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
    redirect_url: Type.String(),
  }),
  totals: Type.Object({
    total_items: Type.String(),
    total_discount: Type.String(),
    total_fees: Type.String(),
    total_shipping: Type.String(),
    total_price: Type.String(),
    currency_code: Type.String(),
    currency_minor_unit: Type.Integer(),
  }),
});
