import { html, type SafeHtml } from '../../platform/http/html.js';
import type { ShopCart } from '../shop-api.js';
import type { OrderTaxData } from './order-taxes.js';

/** What a totals table shows of a cart's or an order's tax (minor units). */
export interface TaxSummary {
  /** Prices shown with tax (`woocommerce_tax_display_cart` = incl). */
  incl: boolean;
  /** One row per rate (`itemized`) or one "Tax" row. */
  lines: Array<{ label: string; amount: number }>;
  totalTax: number;
  /** Tax on items before coupons (added to the subtotal when prices are shown with tax). */
  subtotalTax: number;
}

/** A cart's tax summary, or null while the shop charges no tax. */
export function cartTaxSummary(cart: ShopCart): TaxSummary | null {
  const taxes = cart.taxes;
  if (!taxes) return null;
  return summary({
    incl: taxes.display_cart === 'incl',
    itemized: taxes.tax_total_display === 'itemized',
    lines: taxes.tax_lines,
    totalTax: cart.totals.total_tax,
    subtotalTax: taxes.items_subtotal_tax,
  });
}

/** An order's tax summary, or null when it was placed without tax. */
export function orderTaxSummary(data: OrderTaxData | null, totalTax: number): TaxSummary | null {
  if (!data) return null;
  return summary({
    incl: data.display_cart === 'incl',
    itemized: data.tax_total_display === 'itemized',
    lines: data.tax_lines,
    totalTax,
    subtotalTax: data.lines.reduce((s, l) => s + l.subtotal_tax, 0),
  });
}

/** The tax rows above the total when prices are shown without tax (nothing when shown with tax). */
export function taxRows(tax: TaxSummary | null, money: (minor: number) => string): SafeHtml {
  if (!tax || tax.incl) return html``;
  return html`${tax.lines.map((l) => html`<tr><th scope="row">${l.label}</th><td class="num">${money(l.amount)}</td></tr>`)}`;
}

/** WooCommerce's "(includes £3.33 VAT)" after the total when prices are shown with tax. */
export function includesTaxNote(tax: TaxSummary | null, money: (minor: number) => string): SafeHtml {
  if (!tax?.incl || tax.totalTax === 0) return html``;
  const parts = tax.lines.map((l) => `${money(l.amount)} ${l.label}`).join(', ');
  return html` <small class="includes-tax">(includes ${parts})</small>`;
}

/** The subtotal as shown: with the items' tax when prices are shown with tax. */
export function shownSubtotal(tax: TaxSummary | null, subtotal: number): number {
  return tax?.incl ? subtotal + tax.subtotalTax : subtotal;
}

function summary(input: {
  incl: boolean;
  itemized: boolean;
  lines: Array<{ label: string; tax_total: number; shipping_tax_total: number }>;
  totalTax: number;
  subtotalTax: number;
}): TaxSummary {
  const lines = input.itemized
    ? input.lines.map((l) => ({ label: l.label, amount: l.tax_total + l.shipping_tax_total }))
    : [{ label: 'Tax', amount: input.totalTax }];
  return { incl: input.incl, lines, totalTax: input.totalTax, subtotalTax: input.subtotalTax };
}
