/** A tax rate as the calculation reads it (WooCommerce's `woocommerce_tax_rates` row). */
export interface TaxRate {
  id: number;
  /** ISO 3166-1 alpha-2 code, upper case; '' matches every country. */
  country: string;
  /** State code, upper case; '' matches every state. */
  state: string;
  /** Postcode patterns (`*` wildcard at the end, `90210...90299` ranges); empty matches every postcode. */
  postcodes: string[];
  /** City names; empty matches every city. */
  cities: string[];
  /** The rate in ten-thousandths of a percent (`20.0000` % = 200000). */
  rateE4: number;
  name: string;
  priority: number;
  compound: boolean;
  /** True when the rate also taxes shipping. */
  shipping: boolean;
  order: number;
  /** Tax class slug; '' is the standard class. */
  taxClass: string;
}

/** Where tax is charged: a customer's (or the shop's) address. */
export interface TaxLocation {
  country: string;
  state: string;
  postcode: string;
  city: string;
}

/**
 * The rates that apply at `location` for `taxClass` (WooCommerce's `WC_Tax::find_rates`): a rate matches when its
 * country, state, postcodes and cities are empty or hold the location's; ordered by priority, then the rates'
 * order, then id; only the first match of each priority applies.
 */
export function matchRates(rates: readonly TaxRate[], location: TaxLocation, taxClass: string): TaxRate[] {
  const country = location.country.trim().toUpperCase();
  if (country === '') return [];
  const state = location.state.trim().toUpperCase();
  const postcode = normalizePostcode(location.postcode);
  const city = location.city.trim().toUpperCase();
  const matching = rates
    .filter(
      (r) =>
        r.taxClass === taxClass &&
        (r.country === '' || r.country === country) &&
        (r.state === '' || r.state === state) &&
        (r.postcodes.length === 0 || r.postcodes.some((p) => postcodeMatches(p, postcode))) &&
        (r.cities.length === 0 || r.cities.some((c) => c.trim().toUpperCase() === city)),
    )
    .sort((a, b) => a.priority - b.priority || a.order - b.order || a.id - b.id);
  const seen = new Set<number>();
  return matching.filter((r) => {
    if (seen.has(r.priority)) return false;
    seen.add(r.priority);
    return true;
  });
}

/**
 * The tax of each rate on `amount` (minor units), unrounded (WooCommerce's `WC_Tax::calc_tax`): exclusive
 * amounts get the non-compound rates on the amount and each compound rate on the amount plus the taxes before it;
 * inclusive amounts have the taxes taken out (non-compound ones from the amount without the compound taxes).
 */
export function calcTax(amount: number, rates: readonly TaxRate[], inclusive: boolean): Map<number, number> {
  const taxes = new Map<number, number>();
  const percent = (r: TaxRate) => r.rateE4 / 1_000_000;
  if (inclusive) {
    const regular = 1 + rates.filter((r) => !r.compound).reduce((s, r) => s + percent(r), 0);
    const compound = 1 + rates.filter((r) => r.compound).reduce((s, r) => s + percent(r), 0);
    const nonCompoundPrice = amount / compound;
    for (const r of rates) {
      const tax = r.compound ? amount * (percent(r) / compound) : nonCompoundPrice * (percent(r) / regular);
      taxes.set(r.id, tax);
    }
    return taxes;
  }
  for (const r of rates) if (!r.compound) taxes.set(r.id, amount * percent(r));
  for (const r of rates) {
    if (!r.compound) continue;
    const before = [...taxes.values()].reduce((s, t) => s + t, 0);
    taxes.set(r.id, (amount + before) * percent(r));
  }
  return new Map(rates.flatMap((r) => (taxes.has(r.id) ? [[r.id, taxes.get(r.id)!]] : [])));
}

/**
 * Rounds a tax amount to whole minor units, half away from zero (WooCommerce's `wc_round_tax_total`); the value is
 * first cut to six decimals so float noise such as 12.4999999999 rounds as the 12.5 it stands for.
 */
export function roundTax(value: number): number {
  const clean = Math.round(value * 1e6) / 1e6;
  return Math.sign(clean) * Math.round(Math.abs(clean));
}

/** A postcode in WooCommerce's compared form: upper case, letters and digits only. */
export function normalizePostcode(postcode: string): string {
  return postcode.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * True when a rate's postcode pattern matches a normalized postcode: exact, a prefix ending in `*`, or a
 * `low...high` range (numeric when both ends are numbers, else compared as text of the same length).
 */
export function postcodeMatches(pattern: string, postcode: string): boolean {
  const trimmed = pattern.trim().toUpperCase();
  if (trimmed.includes('...')) {
    const [low, high] = trimmed.split('...').map(normalizePostcode);
    if (/^\d+$/.test(low) && /^\d+$/.test(high) && /^\d+$/.test(postcode)) {
      const value = Number(postcode);
      return value >= Number(low) && value <= Number(high);
    }
    return postcode.length === low.length && postcode >= low && postcode <= high;
  }
  if (trimmed.endsWith('*')) return postcode.startsWith(normalizePostcode(trimmed.slice(0, -1)));
  return normalizePostcode(trimmed) === postcode;
}
