/** A currency as `/wc/v3/data/currencies` shows it. */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
}

const names = new Intl.DisplayNames(['en'], { type: 'currency' });

// ISO 4217 currencies in use, from the runtime's Unicode CLDR data (WooCommerce's names and symbols follow CLDR too).
const CURRENCIES: Currency[] = Intl.supportedValuesOf('currency')
  .map((code) => ({ code, name: names.of(code) ?? code, symbol: currencySymbol(code) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** Every currency, sorted by name. */
export function allCurrencies(): readonly Currency[] {
  return CURRENCIES;
}

/** One currency by ISO 4217 code (any case); undefined when unknown. */
export function findCurrency(code: string): Currency | undefined {
  const upper = code.toUpperCase();
  return CURRENCIES.find((c) => c.code === upper);
}

function currencySymbol(code: string): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? code;
}
