import { continentOf } from '../addresses/countries.js';

/** A zone location as WooCommerce stores it: `US`, `US:CA`, `EU`, `90210`, `902*`, `90210...90299`. */
export interface ZoneLocation {
  code: string;
  type: 'country' | 'state' | 'postcode' | 'continent';
}

/** A zone with what matching needs. */
export interface MatchableZone {
  id: number;
  order: number;
  locations: ZoneLocation[];
}

/** Where a package goes (ISO codes; state without the country prefix). */
export interface Destination {
  country: string;
  state: string;
  postcode: string;
}

/**
 * The zone serving an address, as WooCommerce matches it: zones in `order` (then id), the first whose regions
 * (country, `country:state`, continent; a zone without regions covers everywhere) include the address and whose
 * postcode rules (if any) match its postcode; 0 ("Locations not covered by your other zones") when none does.
 */
export function matchZone(zones: readonly MatchableZone[], to: Destination): number {
  const country = to.country.toUpperCase();
  const regions = new Set([country, `${country}:${to.state.toUpperCase()}`]);
  const continent = continentOf(country);
  const sorted = [...zones].sort((a, b) => a.order - b.order || a.id - b.id);
  for (const zone of sorted) {
    const places = zone.locations.filter((l) => l.type !== 'postcode');
    const postcodes = zone.locations.filter((l) => l.type === 'postcode');
    const inRegion =
      places.length === 0 ||
      places.some((l) =>
        l.type === 'continent' ? l.code.toUpperCase() === continent : regions.has(l.code.toUpperCase()),
      );
    if (!inRegion) continue;
    if (postcodes.length > 0 && !postcodes.some((l) => postcodeMatches(l.code, to.postcode))) continue;
    return zone.id;
  }
  return 0;
}

/**
 * True when a postcode rule matches (WooCommerce's rules, on postcodes upper-cased without spaces or dashes):
 * `90210...90299` a range (numeric when both ends are numbers, else by text), `902*` a prefix, else equal.
 */
export function postcodeMatches(rule: string, postcode: string): boolean {
  const code = normalizePostcode(postcode);
  if (code === '') return false;
  if (rule.includes('...')) {
    const [from, to] = rule.split('...').map(normalizePostcode);
    const numeric = [from, to, code].every((p) => /^\d+$/.test(p));
    if (numeric) return Number(code) >= Number(from) && Number(code) <= Number(to);
    return code.length === from.length && code >= from && code <= to;
  }
  const wanted = normalizePostcode(rule);
  if (wanted.endsWith('*')) return code.startsWith(wanted.slice(0, -1));
  return code === wanted;
}

/** WooCommerce's `wc_normalize_postcode`: upper case, no spaces or dashes. */
export function normalizePostcode(postcode: string): string {
  return postcode.toUpperCase().replace(/[\s-]/g, '');
}
