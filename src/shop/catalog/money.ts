import { escapeHtml } from '../../platform/http/html.js';
import type { ShopApi, ShopProduct } from '../shop-api.js';

const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMAL = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNY: '¥',
  INR: '₹',
  KRW: '₩',
  CHF: 'CHF',
  CAD: '$',
  AUD: '$',
  NZD: '$',
  SEK: 'kr',
  NOK: 'kr',
  DKK: 'kr',
  PLN: 'zł',
  CZK: 'Kč',
  BRL: 'R$',
  MXN: '$',
  ZAR: 'R',
  RUB: '₽',
};

/** The store currency of an ISO 4217 code: decimals (ISO minor unit) and display symbol. */
export function currencyInfo(code: string): ShopApi['currency'] {
  const minorUnit = ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
  return { code, minorUnit, symbol: SYMBOLS[code] ?? code };
}

/** `1250` → `"12.50"` (with the currency's number of decimals; no symbol, no thousands separator). */
export function formatMoney(minor: number, minorUnit: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(minorUnit + 1, '0');
  if (minorUnit === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -minorUnit)}.${digits.slice(-minorUnit)}`;
}

/** A price as a client sent it (`"25"`, `"25.5"`) while it still equals `minor`; else `formatMoney`'s form. */
export function moneyAsSent(minor: number, sent: string | null, minorUnit: number): string {
  return sent !== null && parseMoney(sent, minorUnit) === minor ? sent : formatMoney(minor, minorUnit);
}

/** The form of a price string kept to answer it as sent: trimmed, no leading zeros, no bare trailing point. */
export function sentMoneyForm(value: string): string {
  return value
    .trim()
    .replace(/^0+(?=\d)/, '')
    .replace(/\.$/, '');
}

/**
 * A decimal string from the REST edge (`"12.5"`, `"12.50"`, `"12"`) → minor units, exact (no float math);
 * null when it is not a plain non-negative decimal with at most `minorUnit` decimals.
 */
export function parseMoney(value: string, minorUnit: number): number | null {
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > minorUnit && !/^0*$/.test(fraction.slice(minorUnit))) return null;
  const padded = fraction.slice(0, minorUnit).padEnd(minorUnit, '0');
  return Number(match[1]) * 10 ** minorUnit + (minorUnit === 0 ? 0 : Number(padded));
}

/**
 * WooCommerce's `price_html`: sale shown as `<del>`/`<ins>`, variable products (their variations' prices) and
 * grouped products (their children's) as a `min – max` range.
 */
export function priceHtml(product: ShopProduct, currency: ShopApi['currency']): string {
  const ranged = product.type === 'variable' || product.type === 'grouped';
  if (!product.purchasable && product.price === 0 && product.max_price === 0 && product.regular_price === 0)
    return '';
  const amount = (minor: number) =>
    `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">${escapeHtml(currency.symbol)}</span>${formatMoney(minor, currency.minorUnit)}</bdi></span>`;
  if (ranged && product.max_price !== product.price)
    return `${amount(product.price)} &ndash; ${amount(product.max_price)}`;
  if (product.on_sale && product.sale_price !== null && product.type !== 'variable')
    return `<del aria-hidden="true">${amount(product.regular_price)}</del> <ins>${amount(product.sale_price)}</ins>`;
  return amount(product.price);
}
