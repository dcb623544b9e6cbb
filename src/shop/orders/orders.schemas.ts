import { Type } from '@sinclair/typebox';
import { paginationQuery } from '../../platform/http/collection.js';
import { BILLING_FIELDS, SHIPPING_FIELDS } from './address-fields.js';

/** WordPress's date-time argument: `YYYY-MM-DD[T ]hh:mm:ss`, optional fraction and zone (UTC when absent). */
export const DATE_TIME_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}(:?\\d{2})?)?$';
const Decimal = Type.String({ description: 'Decimal amount (WooCommerce REST v3).' });
const DateTime = Type.String({ description: 'UTC, YYYY-MM-DDTHH:MM:SS.' });
const NullableDate = Type.Union([Type.String(), Type.Null()]);
const StatusEnum = Type.Union(
  ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'].map((s) =>
    Type.Literal(s),
  ),
);
// WooCommerce clients send `status: null` for "the default" (create: pending; update: unchanged).
const StatusInput = Type.Optional(Type.Union([StatusEnum, Type.Null()]));
const DecimalInput = Type.Union([Type.String(), Type.Number()], {
  description: 'Decimal amount (a JSON number is taken as its decimal string).',
});

/** A billing address (every field optional on write). */
export const BillingSchema = Type.Object(
  Object.fromEntries(BILLING_FIELDS.map((f) => [f, Type.String()])) as Record<
    (typeof BILLING_FIELDS)[number],
    ReturnType<typeof Type.String>
  >,
);
/** A billing address on write. */
export const BillingInput = Type.Partial(BillingSchema);
/** A shipping address (WooCommerce's fields, `phone` included; no e-mail). */
export const ShippingSchema = Type.Object(
  Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, Type.String()])) as Record<
    (typeof SHIPPING_FIELDS)[number],
    ReturnType<typeof Type.String>
  >,
);
const ShippingInput = Type.Partial(ShippingSchema);

const Meta = Type.Object({ id: Type.Integer(), key: Type.String(), value: Type.Unknown() });

/** A refund (WooCommerce REST v3). */
export const RefundSchema = Type.Object({
  id: Type.Integer(),
  date_created: DateTime,
  date_created_gmt: DateTime,
  amount: Decimal,
  reason: Type.String(),
  refunded_by: Type.Integer(),
  refunded_payment: Type.Boolean(),
  meta_data: Type.Array(Meta),
  line_items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      product_id: Type.Integer(),
      variation_id: Type.Integer(),
      quantity: Type.Integer(),
      subtotal: Decimal,
      total: Decimal,
      refunded_item_id: Type.Integer(),
    }),
  ),
});

/** An order (WooCommerce REST v3 fields; money as decimal strings). */
export const OrderSchema = Type.Object({
  id: Type.Integer(),
  parent_id: Type.Integer(),
  number: Type.String(),
  order_key: Type.String(),
  created_via: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  date_created: DateTime,
  date_created_gmt: DateTime,
  date_modified: DateTime,
  date_modified_gmt: DateTime,
  date_paid: NullableDate,
  date_paid_gmt: NullableDate,
  date_completed: NullableDate,
  date_completed_gmt: NullableDate,
  discount_total: Decimal,
  discount_tax: Decimal,
  shipping_total: Decimal,
  shipping_tax: Decimal,
  cart_tax: Decimal,
  total: Decimal,
  total_tax: Decimal,
  prices_include_tax: Type.Boolean(),
  customer_id: Type.Integer(),
  customer_note: Type.String(),
  billing: BillingSchema,
  shipping: ShippingSchema,
  payment_method: Type.String(),
  payment_method_title: Type.String(),
  transaction_id: Type.String(),
  line_items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      product_id: Type.Integer(),
      variation_id: Type.Integer(),
      quantity: Type.Integer(),
      tax_class: Type.String(),
      subtotal: Decimal,
      subtotal_tax: Decimal,
      total: Decimal,
      total_tax: Decimal,
      taxes: Type.Array(Type.Unknown()),
      meta_data: Type.Array(Meta),
      sku: Type.String(),
      price: Type.Number(),
    }),
  ),
  tax_lines: Type.Array(Type.Unknown()),
  shipping_lines: Type.Array(
    Type.Object({
      id: Type.Integer(),
      method_title: Type.String(),
      method_id: Type.String(),
      instance_id: Type.String(),
      total: Decimal,
      total_tax: Decimal,
      taxes: Type.Array(Type.Unknown()),
      meta_data: Type.Array(Meta),
    }),
  ),
  fee_lines: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      tax_class: Type.String(),
      tax_status: Type.String(),
      total: Decimal,
      total_tax: Decimal,
      taxes: Type.Array(Type.Unknown()),
    }),
  ),
  coupon_lines: Type.Array(
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      discount: Decimal,
      discount_tax: Decimal,
      discount_type: Type.String(),
      nominal_amount: Type.Number(),
      free_shipping: Type.Boolean(),
      meta_data: Type.Array(Meta, {
        description: "`coupon_data`: the coupon's wc/v3 fields as they were when the order was placed.",
      }),
    }),
  ),
  refunds: Type.Array(Type.Object({ id: Type.Integer(), reason: Type.String(), total: Decimal })),
  meta_data: Type.Array(Meta),
  needs_payment: Type.Boolean(),
  needs_processing: Type.Boolean(),
  is_editable: Type.Boolean(),
});

/** `GET /wc/v3/orders` query. */
export const OrderListQuery = Type.Object({
  ...paginationQuery(10),
  status: Type.Optional(
    Type.String({ description: 'A status, a comma list of statuses, `any` (default) or `trash`.' }),
  ),
  customer: Type.Optional(Type.Integer({ minimum: 0 })),
  search: Type.Optional(Type.String()),
  after: Type.Optional(Type.String({ pattern: DATE_TIME_PATTERN, description: 'Created after (UTC).' })),
  before: Type.Optional(Type.String({ pattern: DATE_TIME_PATTERN, description: 'Created before (UTC).' })),
  orderby: Type.Optional(Type.Union([Type.Literal('date'), Type.Literal('id')])),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

/** `POST /wc/v3/orders` body. */
export const OrderCreateBody = Type.Object({
  status: StatusInput,
  customer_id: Type.Optional(Type.Integer({ minimum: 0 })),
  customer_note: Type.Optional(Type.String()),
  billing: Type.Optional(BillingInput),
  shipping: Type.Optional(ShippingInput),
  payment_method: Type.Optional(Type.String({ maxLength: 40 })),
  payment_method_title: Type.Optional(Type.String({ maxLength: 100 })),
  transaction_id: Type.Optional(Type.String({ maxLength: 200 })),
  set_paid: Type.Optional(Type.Boolean()),
  line_items: Type.Optional(
    Type.Array(
      Type.Object({
        product_id: Type.Integer({ minimum: 1 }),
        variation_id: Type.Optional(Type.Integer({ minimum: 0 })),
        quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 9999, default: 1 })),
        name: Type.Optional(Type.String({ maxLength: 255 })),
        subtotal: Type.Optional(DecimalInput),
        total: Type.Optional(DecimalInput),
        price: Type.Optional(DecimalInput),
      }),
      { maxItems: 500 },
    ),
  ),
  fee_lines: Type.Optional(
    Type.Array(Type.Object({ name: Type.String({ minLength: 1 }), total: Type.String() })),
  ),
  coupon_lines: Type.Optional(Type.Array(Type.Object({ code: Type.String({ minLength: 1 }) }))),
  shipping_lines: Type.Optional(
    Type.Array(
      Type.Object({
        method_id: Type.String({ minLength: 1, maxLength: 100 }),
        method_title: Type.Optional(Type.String({ maxLength: 200 })),
        instance_id: Type.Optional(
          Type.Union([Type.String({ pattern: '^[0-9]{0,9}$' }), Type.Integer({ minimum: 0 })]),
        ),
        total: Type.Optional(DecimalInput),
      }),
      { maxItems: 50 },
    ),
  ),
  meta_data: Type.Optional(
    Type.Array(Type.Object({ key: Type.String({ minLength: 1 }), value: Type.Unknown() })),
  ),
});

/** `PUT /wc/v3/orders/{id}` body. */
export const OrderUpdateBody = Type.Object({
  status: StatusInput,
  set_paid: Type.Optional(Type.Boolean()),
  customer_note: Type.Optional(Type.String()),
  billing: Type.Optional(BillingInput),
  shipping: Type.Optional(ShippingInput),
  payment_method: Type.Optional(Type.String({ maxLength: 40 })),
  payment_method_title: Type.Optional(Type.String({ maxLength: 100 })),
  transaction_id: Type.Optional(Type.String({ maxLength: 200 })),
  meta_data: Type.Optional(
    Type.Array(Type.Object({ key: Type.String({ minLength: 1 }), value: Type.Unknown() })),
  ),
});

/** `POST /wc/v3/orders/{id}/refunds` body. */
export const RefundCreateBody = Type.Object({
  amount: Type.Optional(
    Type.String({ description: 'Decimal; defaults to the sum of line_items refund_total.' }),
  ),
  reason: Type.Optional(Type.String()),
  line_items: Type.Optional(
    Type.Array(
      Type.Object(
        {
          id: Type.Optional(Type.Integer({ minimum: 1, description: 'The order line id.' })),
          product_id: Type.Optional(
            Type.Integer({
              minimum: 1,
              description: 'Or the product of the line (the first line holding it).',
            }),
          ),
          variation_id: Type.Optional(Type.Integer({ minimum: 0 })),
          quantity: Type.Optional(Type.Integer({ minimum: 0 })),
          refund_total: Type.Optional(DecimalInput),
        },
        { description: 'A refunded line, named by `id` or by `product_id`.' },
      ),
    ),
  ),
  api_refund: Type.Optional(Type.Boolean()),
  api_restock: Type.Optional(Type.Boolean()),
});

/** `{id}` path parameter. */
export const OrderIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** `{id}/refunds/{refund_id}` path parameters. */
export const RefundIdParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  refund_id: Type.Integer({ minimum: 1 }),
});

/** A refund in `GET /wc/v3/refunds`: the order refund plus `parent_id`, its order. */
export const RefundListItemSchema = Type.Composite([
  Type.Object({ parent_id: Type.Integer() }),
  RefundSchema,
]);

/** Query of `GET /wc/v3/refunds`. */
export const RefundListQuery = Type.Object({
  ...paginationQuery(10),
  parent: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

/** An order note (WooCommerce REST v3). */
export const OrderNoteSchema = Type.Object({
  id: Type.Integer(),
  author: Type.String(),
  date_created: DateTime,
  date_created_gmt: DateTime,
  note: Type.String(),
  customer_note: Type.Boolean(),
  added_by_user: Type.Boolean(),
});

/** Body of `POST /wc/v3/orders/{id}/notes`. */
export const OrderNoteCreateBody = Type.Object({
  note: Type.String({ minLength: 1, maxLength: 10000 }),
  customer_note: Type.Optional(Type.Boolean()),
  added_by_user: Type.Optional(Type.Boolean()),
});

/** `{id}/notes/{note_id}` path parameters. */
export const OrderNoteIdParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  note_id: Type.Integer({ minimum: 1 }),
});
