import type { ShopCart } from '../shop-api.js';

/** The Store API's tax fields of a cart (minor-unit strings; zeros while the shop charges no tax). */
export function cartTaxView(cart: ShopCart) {
  const taxes = cart.taxes;
  const s = (n: number | undefined) => String(n ?? 0);
  const rate = (percent: number) => `${percent}%`;
  return {
    /** `totals.line_subtotal_tax` and `totals.line_total_tax` of the item with `key`. */
    item: (key: string) => ({
      line_subtotal_tax: s(taxes?.items[key]?.subtotal_tax),
      line_total_tax: s(taxes?.items[key]?.total_tax),
    }),
    totals: {
      total_items_tax: s(taxes?.items_subtotal_tax),
      total_discount_tax: s(taxes?.discount_tax),
      total_shipping_tax: s(taxes?.shipping_tax),
      // WooCommerce lists the rates only when tax totals are shown itemized.
      tax_lines:
        taxes?.tax_total_display === 'itemized'
          ? taxes.tax_lines.map((line) => ({
              name: line.label,
              price: s(line.tax_total + line.shipping_tax_total),
              rate: rate(line.rate_percent),
            }))
          : [],
    },
  };
}
