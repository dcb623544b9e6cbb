import { countryName } from '../addresses/countries.js';
import type { BillingAddress, ShippingAddress } from '../orders/address-fields.js';
import type { OrderRecord } from '../orders/order-records.js';

/** One order line as an e-mail shows it (money already formatted, image an absolute URL or ''). */
export interface EmailOrderLine {
  name: string;
  sku: string;
  quantity: number;
  total: string;
  imageUrl: string;
}

/** A labelled row of the order's totals (`Subtotal:`, `Shipping:`, a tax line, `Payment method:`, `Total:` …). */
export interface EmailTotalRow {
  label: string;
  value: string;
}

/** What the order part of every order e-mail shows (WooCommerce's `email-order-details` and `email-addresses`). */
export interface EmailOrderView {
  number: string;
  /** `December 1, 2026` */
  date: string;
  lines: EmailOrderLine[];
  totals: EmailTotalRow[];
  /** The shopper's note at checkout, or ''. */
  customerNote: string;
  billing: string[];
  shipping: string[];
}

/** `December 1, 2026` (UTC), as WooCommerce's default date format shows an order date. */
export function orderDate(iso: string): string {
  const date = new Date(`${iso.replace(' ', 'T').replace(/Z?$/, 'Z')}`);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** An address as lines (name, company, street, city line, country; billing adds phone and e-mail). */
export function addressLines(address: BillingAddress | ShippingAddress): string[] {
  const a = address as Partial<BillingAddress>;
  const cityLine = [a.city, a.state, a.postcode].filter(Boolean).join(' ');
  return [
    [a.first_name, a.last_name].filter(Boolean).join(' '),
    a.company ?? '',
    a.address_1 ?? '',
    a.address_2 ?? '',
    cityLine,
    a.country ? countryName(a.country) || a.country : '',
    a.phone ?? '',
    a.email ?? '',
  ].filter((line) => line.trim() !== '');
}

/**
 * The order as an e-mail shows it: lines with images (by product id, variation first), the totals WooCommerce
 * lists (subtotal, discount, shipping, fees, each tax line, payment method, total, refunds), and both addresses.
 */
export function emailOrderView(
  order: OrderRecord,
  deps: { money: (minor: number) => string; imageOf: (productId: number, variationId: number) => string },
): EmailOrderView {
  const { money } = deps;
  const totals: EmailTotalRow[] = [{ label: 'Subtotal:', value: money(order.items_subtotal) }];
  if (order.discount_total > 0) totals.push({ label: 'Discount:', value: `-${money(order.discount_total)}` });
  for (const line of order.shipping_lines)
    totals.push({ label: 'Shipping:', value: `${money(line.total)} via ${line.method_title}` });
  for (const fee of order.fee_lines) totals.push({ label: `${fee.name}:`, value: money(fee.total) });
  for (const tax of order.tax_data?.tax_lines ?? [])
    totals.push({ label: `${tax.label}:`, value: money(tax.tax_total + tax.shipping_tax_total) });
  if (order.payment_method_title)
    totals.push({ label: 'Payment method:', value: order.payment_method_title });
  totals.push({ label: 'Total:', value: money(order.total) });
  for (const refund of order.refunds) totals.push({ label: 'Refund:', value: `-${money(refund.amount)}` });
  return {
    number: String(order.id),
    date: orderDate(order.date_created),
    lines: order.line_items.map((item) => ({
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      total: money(item.subtotal),
      imageUrl: deps.imageOf(item.product_id, item.variation_id),
    })),
    totals,
    customerNote: order.customer_note,
    billing: addressLines(order.billing),
    // As WooCommerce: a shipping address only for an order that ships, and only when one was given.
    shipping: order.shipping_lines.length > 0 && order.shipping.address_1 ? addressLines(order.shipping) : [],
  };
}
