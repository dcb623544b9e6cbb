import { countryCurrencies } from './countries.js';

/** A country's money and measurement habits, as WooCommerce's locale-info lists them inside `/data/continents`. */
export interface LocaleInfo {
  currency_code: string;
  currency_pos: string;
  decimal_sep: string;
  dimension_unit: string;
  num_decimals: number;
  thousand_sep: string;
  weight_unit: string;
}

// The countries that measure in inches and pounds.
const IMPERIAL = new Set(['US', 'LR', 'MM']);

/** The country's habits, from the runtime's Unicode CLDR data for English as written there. */
export function localeInfo(country: string): LocaleInfo {
  const currency = countryCurrencies(country)[0] ?? 'USD';
  const format = new Intl.NumberFormat(`en-${country}`, { style: 'currency', currency });
  const parts = format.formatToParts(-1234.5);
  const symbolAt = parts.findIndex((p) => p.type === 'currency');
  const numberAt = parts.findIndex((p) => p.type === 'integer');
  const spaced = parts.some((p) => p.type === 'literal' && /\s/u.test(p.value));
  const side = symbolAt < numberAt ? 'left' : 'right';
  return {
    currency_code: currency,
    currency_pos: spaced ? `${side}_space` : side,
    decimal_sep: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    dimension_unit: IMPERIAL.has(country) ? 'in' : 'cm',
    num_decimals: format.resolvedOptions().maximumFractionDigits ?? 2,
    thousand_sep: parts.find((p) => p.type === 'group')?.value ?? ',',
    weight_unit: IMPERIAL.has(country) ? 'lbs' : 'kg',
  };
}
