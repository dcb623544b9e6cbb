import { calcTax, matchRates, roundTax, type TaxLocation, type TaxRate } from './tax-rates.js';

/** A priced item line as the tax step reads it (minor units; `subtotal` before coupons, `total` after). */
export interface TaxableLine {
  key: string;
  subtotal: number;
  total: number;
  /** Tax class slug ('' = standard). */
  taxClass: string;
  taxStatus: 'taxable' | 'shipping' | 'none';
  needsShipping: boolean;
}

/** A shipping line as the tax step reads it (its cost, always entered without tax as in WooCommerce). */
export interface TaxableShippingLine {
  key: string;
  total: number;
}

/** The tax options the step follows (WooCommerce's option names in brackets). */
export interface TaxStepSettings {
  /** `woocommerce_prices_include_tax` = yes. */
  pricesIncludeTax: boolean;
  /** `woocommerce_tax_round_at_subtotal` = yes. */
  roundAtSubtotal: boolean;
  /** `woocommerce_shipping_tax_class`: `inherit`, '' (standard) or a class slug. */
  shippingTaxClass: string;
  /** Slugs of the additional classes in their listed order (`woocommerce_tax_classes`). */
  classOrder: string[];
}

/** One line's taxes: its amounts without tax, and each rate's tax on them (rounded minor units). */
export interface LineTaxes {
  subtotal: number;
  total: number;
  subtotalTax: number;
  totalTax: number;
  /** Rate id → `{subtotal, total}` tax. */
  taxes: Map<number, { subtotal: number; total: number }>;
}

/** One rate's share of the cart (WooCommerce's order `tax_lines` entry). */
export interface TaxLineTotal {
  rate: TaxRate;
  taxTotal: number;
  shippingTaxTotal: number;
}

/** What the tax step returns: taxes per item line, per shipping line and per rate. */
export interface TaxResult {
  lines: Map<string, LineTaxes>;
  shipping: Map<string, { totalTax: number; taxes: Map<number, number> }>;
  taxLines: TaxLineTotal[];
  cartTax: number;
  shippingTax: number;
  /** Item tax before coupons (the base of `total_items_tax`). */
  subtotalTax: number;
}

/**
 * The tax step (WooCommerce's `WC_Cart_Totals` tax parts): each taxable line is taxed at the rates matching
 * `location` for its class; prices entered with tax have it taken out, and when the customer's rates are not the
 * shop's base rates the base tax is taken out first and the customer's added (WooCommerce's
 * `woocommerce_adjust_non_base_location_prices`). Shipping is taxed without tax included, at the shipping tax
 * class (`inherit`: the class of the shippable taxable items, standard first) and only by rates flagged
 * `shipping`. Taxes are rounded half-up per line and rate, or with `roundAtSubtotal` summed unrounded per rate and
 * rounded once (line amounts are still whole minor units, rounded per line).
 */
export function calculateTaxes(input: {
  lines: readonly TaxableLine[];
  shipping: readonly TaxableShippingLine[];
  rates: readonly TaxRate[];
  location: TaxLocation;
  baseLocation: TaxLocation;
  settings: TaxStepSettings;
}): TaxResult {
  const { rates, location, baseLocation, settings } = input;
  const exact = new Map<number, { items: number; shipping: number }>();
  const add = (id: number, part: 'items' | 'shipping', value: number) => {
    const entry = exact.get(id) ?? { items: 0, shipping: 0 };
    entry[part] += settings.roundAtSubtotal ? value : roundTax(value);
    exact.set(id, entry);
  };
  const lines = new Map<string, LineTaxes>();
  let subtotalTax = 0;
  for (const line of input.lines) {
    const taxed = line.taxStatus === 'taxable';
    const own = taxed ? matchRates(rates, location, line.taxClass) : [];
    const base = settings.pricesIncludeTax && taxed ? matchRates(rates, baseLocation, line.taxClass) : own;
    const part = (amount: number) => taxPart(amount, own, base, settings.pricesIncludeTax && taxed);
    const sub = part(line.subtotal);
    const tot = part(line.total);
    const taxes = new Map<number, { subtotal: number; total: number }>();
    for (const rate of own) {
      taxes.set(rate.id, {
        subtotal: roundTax(sub.taxes.get(rate.id) ?? 0),
        total: roundTax(tot.taxes.get(rate.id) ?? 0),
      });
      add(rate.id, 'items', tot.taxes.get(rate.id) ?? 0);
    }
    const sum = (pick: 'subtotal' | 'total') => [...taxes.values()].reduce((s, t) => s + t[pick], 0);
    lines.set(line.key, {
      subtotal: sub.net,
      total: tot.net,
      subtotalTax: sum('subtotal'),
      totalTax: sum('total'),
      taxes,
    });
    subtotalTax += sum('subtotal');
  }
  const shippingRates = shippingRatesFor(input.lines, rates, location, settings);
  const shipping = new Map<string, { totalTax: number; taxes: Map<number, number> }>();
  for (const line of input.shipping) {
    const raw = calcTax(line.total, shippingRates, false);
    const taxes = new Map([...raw].map(([id, tax]) => [id, roundTax(tax)]));
    for (const [id, tax] of raw) add(id, 'shipping', tax);
    shipping.set(line.key, { totalTax: [...taxes.values()].reduce((s, t) => s + t, 0), taxes });
  }
  const byId = new Map(rates.map((r) => [r.id, r]));
  const taxLines = [...exact]
    .map(([id, t]) => ({
      rate: byId.get(id)!,
      taxTotal: roundTax(t.items),
      shippingTaxTotal: roundTax(t.shipping),
    }))
    .sort(
      (a, b) => a.rate.priority - b.rate.priority || a.rate.order - b.rate.order || a.rate.id - b.rate.id,
    );
  return {
    lines,
    shipping,
    taxLines,
    cartTax: taxLines.reduce((s, t) => s + t.taxTotal, 0),
    shippingTax: taxLines.reduce((s, t) => s + t.shippingTaxTotal, 0),
    subtotalTax,
  };
}

/** An amount's taxes at `own` rates and what is left without tax (see `calculateTaxes` for prices with tax). */
function taxPart(
  amount: number,
  own: TaxRate[],
  base: TaxRate[],
  inclusive: boolean,
): { net: number; taxes: Map<number, number> } {
  if (!inclusive) return { net: amount, taxes: calcTax(amount, own, false) };
  if (sameRates(own, base)) {
    const taxes = calcTax(amount, own, true);
    return { net: amount - roundedSum(taxes), taxes };
  }
  const net = amount - roundedSum(calcTax(amount, base, true));
  return { net, taxes: calcTax(net, own, false) };
}

/** The rates that tax shipping (WooCommerce's `WC_Tax::get_shipping_tax_rates`). */
function shippingRatesFor(
  lines: readonly TaxableLine[],
  rates: readonly TaxRate[],
  location: TaxLocation,
  settings: TaxStepSettings,
): TaxRate[] {
  const forClass = (taxClass: string) =>
    matchRates(
      rates.filter((r) => r.shipping),
      location,
      taxClass,
    );
  let found: TaxRate[] = [];
  if (settings.shippingTaxClass !== 'inherit') found = forClass(settings.shippingTaxClass);
  else {
    const classes = new Set(
      lines.filter((l) => l.needsShipping && l.taxStatus !== 'none').map((l) => l.taxClass),
    );
    if (classes.size === 0) return [];
    const chosen = classes.has('')
      ? ''
      : classes.size === 1
        ? [...classes][0]
        : settings.classOrder.find((slug) => classes.has(slug));
    if (chosen !== undefined) found = forClass(chosen);
  }
  return found.length > 0 ? found : forClass('');
}

function sameRates(a: TaxRate[], b: TaxRate[]): boolean {
  return a.length === b.length && a.every((r, i) => r.id === b[i].id);
}

// Each rate's tax rounded, then summed (WooCommerce's `round_line_tax` per rate): net + tax = the entered price.
function roundedSum(taxes: Map<number, number>): number {
  return [...taxes.values()].reduce((s, t) => s + roundTax(t), 0);
}
