import { Type } from '@sinclair/typebox';
import { ShippingPackageSchema } from '../shipping/package-view.js';

/** The currency fields every Store API money object carries. */
export const CurrencyFields = {
  currency_code: Type.String(),
  currency_symbol: Type.String(),
  currency_minor_unit: Type.Integer(),
  currency_decimal_separator: Type.String(),
  currency_thousand_separator: Type.String(),
  currency_prefix: Type.String(),
  currency_suffix: Type.String(),
};

const Money = Type.String({
  description: 'Integer amount in minor units, as a string (WooCommerce Store API).',
});
const Attribute = Type.Object({ attribute: Type.String(), value: Type.String() });

/** One cart line (Store API). */
export const CartItemSchema = Type.Object({
  key: Type.String(),
  id: Type.Integer(),
  type: Type.String(),
  quantity: Type.Integer(),
  quantity_limits: Type.Object({
    minimum: Type.Integer(),
    maximum: Type.Integer(),
    multiple_of: Type.Integer(),
    editable: Type.Boolean(),
  }),
  name: Type.String(),
  sku: Type.String(),
  permalink: Type.String(),
  images: Type.Array(Type.Object({ id: Type.Integer(), src: Type.String(), alt: Type.String() })),
  variation: Type.Array(Attribute),
  backorders_allowed: Type.Boolean(),
  low_stock_remaining: Type.Union([Type.Integer(), Type.Null()]),
  prices: Type.Object({
    price: Money,
    regular_price: Money,
    sale_price: Money,
    ...CurrencyFields,
  }),
  totals: Type.Object({
    line_subtotal: Money,
    line_subtotal_tax: Money,
    line_total: Money,
    line_total_tax: Money,
    ...CurrencyFields,
  }),
});

/** The Store API cart. */
export const CartSchema = Type.Object({
  items: Type.Array(CartItemSchema),
  coupons: Type.Array(
    Type.Object({
      code: Type.String(),
      discount_type: Type.String(),
      totals: Type.Object({ total_discount: Money, total_discount_tax: Money, ...CurrencyFields }),
    }),
  ),
  fees: Type.Array(
    Type.Object({
      key: Type.String(),
      name: Type.String(),
      totals: Type.Object({ total: Money, total_tax: Money, ...CurrencyFields }),
    }),
  ),
  totals: Type.Object({
    total_items: Money,
    total_items_tax: Money,
    total_fees: Money,
    total_fees_tax: Money,
    total_discount: Money,
    total_discount_tax: Money,
    total_shipping: Money,
    total_shipping_tax: Money,
    total_price: Money,
    total_tax: Money,
    tax_lines: Type.Array(Type.Object({ name: Type.String(), price: Money, rate: Type.String() })),
    ...CurrencyFields,
  }),
  billing_address: Type.Object({ email: Type.String() }),
  needs_payment: Type.Boolean(),
  needs_shipping: Type.Boolean(),
  shipping_rates: Type.Array(ShippingPackageSchema),
  has_calculated_shipping: Type.Boolean(),
  items_count: Type.Integer(),
  errors: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
  payment_methods: Type.Array(Type.String()),
  payment_requirements: Type.Array(Type.String()),
  extensions: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Data extensions registered for the cart (namespace → data).',
  }),
});

/** `POST cart/add-item`. */
export const AddItemBody = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'Product or variation ID.' }),
  quantity: Type.Integer({ minimum: 1, maximum: 9999, default: 1 }),
  variation: Type.Array(Attribute, { default: [], description: 'Chosen attributes of a variable product.' }),
});

/** `POST cart/update-item`. */
export const UpdateItemBody = Type.Object({
  key: Type.String({ minLength: 1 }),
  quantity: Type.Integer({ minimum: 1, maximum: 9999 }),
});

/** `POST cart/remove-item`. */
export const RemoveItemBody = Type.Object({ key: Type.String({ minLength: 1 }) });

/** `POST cart/apply-coupon` and `cart/remove-coupon`. */
export const CouponCodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) });

/** `POST cart/extensions`: data for the update callback an extension registered under `namespace`. */
export const CartExtensionsBody = Type.Object({
  namespace: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'The extension namespace (e.g. `loyalty`).',
  }),
  data: Type.Record(Type.String(), Type.Unknown(), {
    default: {},
    maxProperties: 50,
    description: 'What the extension needs to update the cart.',
  }),
});
