import type { Static } from '@sinclair/typebox';
import { api, apiPage, fieldErrors, restError, withQuery } from '../../../admin/api.js';
import type {
  TaxClassResponse,
  TaxRateResponse,
  TaxRateWriteBody,
  TaxSettingResponse,
} from '../../tax/tax.schemas.js';
import { type CsvTaxRate, taxRatesToCsv } from './tax-rates-csv.js';

/** A tax rate as `wc/v3/taxes` shows it. */
export type TaxRate = Static<typeof TaxRateResponse>;
/** A tax class as `wc/v3/taxes/classes` shows it. */
export type TaxClass = Static<typeof TaxClassResponse>;
/** A setting of the Tax tab as `wc/v3/settings/tax` shows it. */
export type TaxSetting = Static<typeof TaxSettingResponse>;
/** The fields a rate is created or changed with; `priority` may be sent as typed (the route reads the number). */
export type TaxRateWrite = Omit<Static<typeof TaxRateWriteBody>, 'priority'> & { priority?: number | string };
/** The body of `POST /wc/v3/taxes/batch`: rates to create, changes (with their ids), ids to delete. */
export interface RatesBatch {
  create?: TaxRateWrite[];
  update?: Array<TaxRateWrite & { id: number }>;
  delete?: number[];
}
/** One item of a batch answer: the rate as saved, or `{id, error}` when the item was refused. */
export type BatchItemAnswer = TaxRate | { id: number; error: unknown };
/** The answer of `POST /wc/v3/taxes/batch`, item by item in the order sent. */
export interface RatesBatchAnswer {
  create?: BatchItemAnswer[];
  update?: BatchItemAnswer[];
  delete?: BatchItemAnswer[];
}

/** The rates route (the list, and the prefix of every read of rates). */
export const TAXES_ROUTE = '/wc/v3/taxes';
/** The tax classes route. */
export const TAX_CLASSES_ROUTE = '/wc/v3/taxes/classes';
/** The Tax tab's settings route. */
export const TAX_SETTINGS_ROUTE = '/wc/v3/settings/tax';
/** Rates shown on one page of a class's table, and the most one batch request may carry (WooCommerce's 100). */
export const RATES_PER_PAGE = 100;

/** The path of one page of a class's rates, in the table's order. */
export function ratesPagePath(taxClass: string, page: number): string {
  return withQuery(TAXES_ROUTE, { class: taxClass, page, per_page: RATES_PER_PAGE, orderby: 'order' });
}

/** Creates, changes and deletes rates in one request; each item answers on its own. */
export function saveRatesBatch(body: RatesBatch): Promise<RatesBatchAnswer> {
  return api({ path: `${TAXES_ROUTE}/batch`, method: 'POST', data: body });
}

/** Adds a tax class by name (its slug comes from the name). */
export function createTaxClass(name: string): Promise<TaxClass> {
  return api({ path: TAX_CLASSES_ROUTE, method: 'POST', data: { name } });
}

/** Deletes a tax class and every rate in it. */
export function deleteTaxClass(slug: string): Promise<TaxClass> {
  return api({ path: `${TAX_CLASSES_ROUTE}/${encodeURIComponent(slug)}?force=true`, method: 'DELETE' });
}

/** Every rate of a class, read page by page, as WooCommerce's tax rate CSV. */
export async function exportRatesCsv(taxClass: string): Promise<string> {
  const rates: TaxRate[] = [];
  for (let page = 1; ; page++) {
    const { items, totalPages } = await apiPage<TaxRate>(ratesPagePath(taxClass, page));
    rates.push(...items);
    if (page >= totalPages) break;
  }
  return taxRatesToCsv(rates);
}

/** What an import did: how many rates were created, and each refused CSV row's line number and message. */
export interface ImportOutcome {
  created: number;
  refused: Array<{ line: number; message: string }>;
}

/**
 * Creates the rates of a CSV (each in the class its row names), at most {@link RATES_PER_PAGE} per batch request,
 * placed after `firstOrder`; a refused row is reported by its line in the file (the header is line 1).
 */
export async function importRates(rates: readonly CsvTaxRate[], firstOrder: number): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { created: 0, refused: [] };
  for (let start = 0; start < rates.length; start += RATES_PER_PAGE) {
    const chunk = rates.slice(start, start + RATES_PER_PAGE);
    const answer = await saveRatesBatch({
      create: chunk.map((rate, i) => ({ ...rate, order: firstOrder + start + i })),
    });
    for (const [i, item] of (answer.create ?? []).entries()) {
      if ('error' in item) outcome.refused.push({ line: start + i + 2, message: errorMessage(item.error) });
      else outcome.created++;
    }
  }
  return outcome;
}

// A refused item's message with the field it names, e.g. "rate: The rate must be a percentage …".
function errorMessage(error: unknown): string {
  const fields = Object.entries(fieldErrors(error));
  return fields.length > 0
    ? fields.map(([field, message]) => `${field}: ${message}`).join(' ')
    : restError(error).message;
}

/** The Tax tab's settings by id. */
export async function fetchTaxSettings(): Promise<Record<string, TaxSetting>> {
  const settings = await api<TaxSetting[]>({ path: TAX_SETTINGS_ROUTE });
  return Object.fromEntries(settings.map((s) => [s.id, s]));
}
