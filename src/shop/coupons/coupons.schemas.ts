import { Type } from '@sinclair/typebox';
import { DATE_TIME_PATTERN } from '../orders/orders.schemas.js';

/** A decimal amount as WooCommerce accepts it: `"10.00"` or a number. */
const Amount = Type.Union([Type.String(), Type.Number({ minimum: 0 })], {
  description: 'Fixed amount (decimal) or whole percentage, depending on discount_type.',
});
const SpendLimit = Type.Union([Type.String(), Type.Number({ minimum: 0 })], {
  description: 'Items subtotal limit (decimal); "0.00" or "" means none.',
});
const IdList = (description: string) =>
  Type.Array(Type.Integer({ minimum: 1 }), { description, maxItems: 1000 });
// One JSON type list, not a union: with Ajv's type coercion a union's integer branch would turn null into 0.
const CountOrNull = (description: string) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, description });
const DateOrNull = Type.Union([Type.String({ pattern: DATE_TIME_PATTERN }), Type.Null()], {
  description: 'Expiry (UTC, YYYY-MM-DDTHH:MM:SS) or null.',
});

/** Writable coupon fields (WooCommerce REST v3 names). */
export const CouponWriteBody = Type.Object({
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  discount_type: Type.Optional(
    Type.Union([Type.Literal('fixed_cart'), Type.Literal('percent'), Type.Literal('fixed_product')]),
  ),
  amount: Type.Optional(Amount),
  date_expires: Type.Optional(DateOrNull),
  date_expires_gmt: Type.Optional(DateOrNull),
  usage_limit: Type.Optional(CountOrNull('Uses allowed in all; null for no limit.')),
  individual_use: Type.Optional(Type.Boolean()),
  email_restrictions: Type.Optional(Type.Array(Type.String())),
  description: Type.Optional(Type.String()),
  minimum_amount: Type.Optional(SpendLimit),
  maximum_amount: Type.Optional(SpendLimit),
  usage_limit_per_user: Type.Optional(CountOrNull('Uses allowed per customer (user id or billing e-mail).')),
  limit_usage_to_x_items: Type.Optional(CountOrNull('percent/fixed_product: how many items it discounts.')),
  product_ids: Type.Optional(IdList('Products (or their variations) the coupon is for.')),
  excluded_product_ids: Type.Optional(IdList('Products the coupon never discounts.')),
  product_categories: Type.Optional(IdList('Categories (and their subcategories) the coupon is for.')),
  excluded_product_categories: Type.Optional(IdList('Categories the coupon never discounts.')),
  exclude_sale_items: Type.Optional(Type.Boolean()),
  free_shipping: Type.Optional(
    Type.Boolean({ description: 'Stored and returned; the shop charges no shipping.' }),
  ),
});

/** Body of `POST /wc/v3/coupons` (code required). */
export const CouponCreateBody = Type.Object({
  ...CouponWriteBody.properties,
  code: Type.String({ minLength: 1, maxLength: 100 }),
});

/** A coupon as `wc/v3` shows it. */
export const CouponResponse = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  amount: Type.String(),
  discount_type: Type.String(),
  description: Type.String(),
  date_created: Type.String(),
  date_created_gmt: Type.String(),
  date_modified: Type.String(),
  date_modified_gmt: Type.String(),
  date_expires: Type.Union([Type.String(), Type.Null()]),
  date_expires_gmt: Type.Union([Type.String(), Type.Null()]),
  usage_count: Type.Integer(),
  usage_limit: Type.Union([Type.Integer(), Type.Null()]),
  individual_use: Type.Boolean(),
  email_restrictions: Type.Array(Type.String()),
  product_ids: Type.Array(Type.Integer()),
  excluded_product_ids: Type.Array(Type.Integer()),
  usage_limit_per_user: Type.Union([Type.Integer(), Type.Null()]),
  limit_usage_to_x_items: Type.Union([Type.Integer(), Type.Null()]),
  free_shipping: Type.Boolean(),
  product_categories: Type.Array(Type.Integer()),
  excluded_product_categories: Type.Array(Type.Integer()),
  exclude_sale_items: Type.Boolean(),
  minimum_amount: Type.String(),
  maximum_amount: Type.String(),
  /** Who used it: user ids (as text) and guest e-mails, one per order. */
  used_by: Type.Array(Type.String()),
});

/** `{id}` path parameter. */
export const CouponIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
