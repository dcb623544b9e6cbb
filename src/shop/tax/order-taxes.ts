import type { ShopCart, ShopTaxLine } from '../shop-api.js';

/** An order's taxes as stored in `shop_orders.tax_data` (minor units; `lines` follow the order's line items). */
export interface OrderTaxData {
  prices_include_tax: boolean;
  /** How the shopper saw the cart's tax when ordering (shown the same way on the order's pages). */
  display_cart: 'incl' | 'excl';
  tax_total_display: 'itemized' | 'single';
  tax_lines: ShopTaxLine[];
  cart_tax: number;
  shipping_tax: number;
  discount_tax: number;
  lines: Array<{
    subtotal_tax: number;
    total_tax: number;
    taxes: Array<{ id: number; subtotal: number; total: number }>;
  }>;
  shipping: Array<{
    key: string;
    total: number;
    total_tax: number;
    taxes: Array<{ id: number; total: number }>;
  }>;
}

/** The taxes an order placed from `cart` keeps, or null when the cart was not taxed. */
export function orderTaxDataOf(cart: ShopCart): OrderTaxData | null {
  const taxes = cart.taxes;
  if (!taxes) return null;
  return {
    prices_include_tax: taxes.prices_include_tax,
    display_cart: taxes.display_cart,
    tax_total_display: taxes.tax_total_display,
    tax_lines: taxes.tax_lines,
    cart_tax: taxes.cart_tax,
    shipping_tax: taxes.shipping_tax,
    discount_tax: taxes.discount_tax,
    lines: cart.items.map((item) => taxes.items[item.key] ?? { subtotal_tax: 0, total_tax: 0, taxes: [] }),
    shipping: taxes.shipping,
  };
}

/** The stored tax data of an order row (`{}` for orders placed without tax → null). */
export function parseOrderTaxData(text: string): OrderTaxData | null {
  const parsed = JSON.parse(text || '{}') as Partial<OrderTaxData>;
  return parsed.tax_lines ? (parsed as OrderTaxData) : null;
}

/**
 * The `wc/v3` tax fields of an order (decimal strings): `cart_tax`, `shipping_tax`, `discount_tax`,
 * `prices_include_tax`, `tax_lines` (ids from 1), and per line item its `subtotal_tax`, `total_tax` and `taxes`.
 */
export function orderTaxView(data: OrderTaxData | null, money: (minor: number) => string) {
  const zero = money(0);
  return {
    cart_tax: money(data?.cart_tax ?? 0),
    shipping_tax: money(data?.shipping_tax ?? 0),
    discount_tax: money(data?.discount_tax ?? 0),
    prices_include_tax: data?.prices_include_tax ?? false,
    tax_lines: (data?.tax_lines ?? []).map((line, i) => ({
      id: i + 1,
      rate_code: line.rate_code,
      rate_id: line.rate_id,
      label: line.label,
      compound: line.compound,
      tax_total: money(line.tax_total),
      shipping_tax_total: money(line.shipping_tax_total),
      rate_percent: line.rate_percent,
      meta_data: [],
    })),
    /** The tax fields of the line item at `index`. */
    line: (index: number) => {
      const line = data?.lines[index];
      return {
        subtotal_tax: line ? money(line.subtotal_tax) : zero,
        total_tax: line ? money(line.total_tax) : zero,
        taxes: (line?.taxes ?? []).map((t) => ({
          id: t.id,
          total: money(t.total),
          subtotal: money(t.subtotal),
        })),
      };
    },
  };
}
