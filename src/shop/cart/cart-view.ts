import type { Static } from '@sinclair/typebox';
import { packageView } from '../shipping/package-view.js';
import type { ShopApi } from '../shop-api.js';
import type { ComputedCart } from './cart.service.js';
import { cartTaxView } from '../tax/cart-tax-view.js';
import type { CartSchema } from './cart.schemas.js';

/** Renders a computed cart as the Store API answers it (what the cart and checkout routes reply with). */
export type CartViewer = (computed: ComputedCart) => Promise<Static<typeof CartSchema>>;

/** Currency fields of Store API money objects. */
export function currencyFields(currency: ShopApi['currency']) {
  return {
    currency_code: currency.code,
    currency_symbol: currency.symbol,
    currency_minor_unit: currency.minorUnit,
    currency_decimal_separator: '.',
    currency_thousand_separator: ',',
    currency_prefix: currency.symbol,
    currency_suffix: '',
  };
}

/**
 * A computed cart in the Store API shape (money as minor-unit strings), with the extensions' data and the ids of
 * the enabled payment gateways in their checkout order.
 */
export function cartView(
  computed: ComputedCart,
  currency: ShopApi['currency'],
  extras: { extensions: Record<string, unknown>; paymentMethods: readonly string[] },
): Static<typeof CartSchema> {
  const { cart, errors, products, couponTypes } = computed;
  const money = currencyFields(currency);
  const s = (n: number) => String(n);
  const taxes = cartTaxView(cart);
  return {
    items: cart.items.map((item) => {
      const product = products.get(item.key)!;
      const limited = product.manageStock && product.backorders === 'no';
      return {
        key: item.key,
        id: item.variation_id || item.product_id,
        type: product.type,
        quantity: item.quantity,
        quantity_limits: {
          minimum: 1,
          maximum: limited ? Math.max(product.stockQuantity ?? 0, 0) : 9999,
          multiple_of: 1,
          editable: true,
        },
        name: item.name,
        sku: item.sku,
        permalink: product.permalink,
        images: product.image ? [product.image] : [],
        variation: product.variation,
        backorders_allowed: product.backorders !== 'no',
        low_stock_remaining: limited && (product.stockQuantity ?? 0) <= 2 ? product.stockQuantity : null,
        prices: {
          price: s(product.price),
          regular_price: s(product.regularPrice),
          sale_price: s(product.salePrice ?? product.price),
          ...money,
        },
        totals: {
          line_subtotal: s(item.line_subtotal),
          line_total: s(item.line_total),
          ...taxes.item(item.key),
          ...money,
        },
      };
    }),
    coupons: cart.coupons.map((c) => ({
      code: c.code,
      discount_type: couponTypes.get(c.code) ?? 'fixed_cart',
      totals: { total_discount: s(c.discount), total_discount_tax: '0', ...money },
    })),
    fees: cart.fees.map((f) => ({
      key: f.key,
      name: f.name,
      totals: { total: s(f.amount), total_tax: '0', ...money },
    })),
    totals: {
      total_items: s(cart.totals.total_items),
      total_fees: s(cart.totals.total_fees),
      total_fees_tax: '0',
      total_discount: s(cart.totals.total_discount),
      total_shipping: s(cart.totals.total_shipping),
      total_price: s(cart.totals.total_price),
      total_tax: s(cart.totals.total_tax),
      ...taxes.totals,
      ...money,
    },
    billing_address: { email: cart.billing_email ?? '' },
    needs_payment: cart.totals.total_price > 0,
    needs_shipping: computed.shipping.needsShipping,
    shipping_rates: computed.shipping.packages.map((p) => packageView(p, money)),
    has_calculated_shipping: computed.shipping.calculated,
    items_count: cart.items.reduce((sum, item) => sum + item.quantity, 0),
    errors,
    payment_methods: [...extras.paymentMethods],
    payment_requirements: ['products'],
    extensions: extras.extensions,
  };
}
