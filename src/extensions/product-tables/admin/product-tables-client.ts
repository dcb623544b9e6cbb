import type { Static } from '@sinclair/typebox';
import { api, apiCompute, apiWithTotals, withQuery } from '../../../admin/api.js';
import { boot } from '../../../admin/boot.js';
import type { TableConfig, TableConfigInput } from '../config/table-config.schemas.js';
import type { PluginSettings, PluginSettingsInput } from '../settings/settings.schemas.js';
import type { TableRecordSchema, TableSummarySchema } from '../tables/tables.schemas.js';

/** The product tables' namespace (a change reloads every read under it). */
export const TABLES_NS = '/producttables/v1';

/** An item of `GET /tables`. */
export type TableSummary = Static<typeof TableSummarySchema>;
/** A table with its whole configuration. */
export type TableRecord = Static<typeof TableRecordSchema>;

/** A product as the picker shows it (`GET /products`). */
export interface PickerProduct {
  id: number;
  name: string;
  sku: string;
  price: string;
  price_html: string;
  image: string | false;
}

/** A product category (`GET /categories`). */
export interface Category {
  id: number;
  name: string;
  count: number;
  slug: string;
}

/** A product tag or a global attribute of the shop (`wc/v3`; an attribute's slug is its taxonomy, `pa_…`). */
export interface Term {
  id: number;
  name: string;
  slug: string;
}

/** One activity-log entry. */
export interface LogEntry {
  id: number;
  time: string;
  level: string;
  title: string;
  details: string;
  user: string;
}

/** The log filters a screen keeps in its URL (the route's own parameter names). */
export interface LogFilters {
  level?: string;
  user?: string;
  date?: string;
  search?: string;
}

/** `GET /system/status`. */
export interface SystemStatus {
  table_count: number;
  product_count: number;
  onboarding_completed: boolean;
}

/** One table with its configuration. */
export function fetchTable(id: number): Promise<TableRecord> {
  return api({ path: `${TABLES_NS}/tables/${id}` });
}

/** The configuration a new table starts from (factory defaults with the stored defaults over them). */
export function fetchTableDefaults(): Promise<TableConfig> {
  return api({ path: TABLE_DEFAULTS_PATH });
}

/** Where the configuration a new table starts from is read. */
export const TABLE_DEFAULTS_PATH = `${TABLES_NS}/table-defaults`;

/** Creates (no id) or updates (id) a table; answers the saved record. */
export function saveTable(data: TableConfigInput & { id?: number }): Promise<TableRecord> {
  return api({ path: `${TABLES_NS}/tables`, method: 'POST', data: { data } });
}

/** Deletes a table for good. */
export function deleteTable(id: number): Promise<unknown> {
  return api({ path: `${TABLES_NS}/tables/${id}`, method: 'DELETE' });
}

/** The storefront markup of a configuration (over the stored table `id`, if given) and its stylesheet. */
export function previewTable(
  data: TableConfigInput & { id?: number },
  signal: AbortSignal,
): Promise<{ html: string; css_urls: string[] }> {
  return apiCompute({ path: `${TABLES_NS}/preview`, method: 'POST', data: { data }, signal });
}

/** Products whose name, SKU (exact or prefix) or id matches `term`, without duplicates. */
export async function findProducts(term: string): Promise<PickerProduct[]> {
  const text = term.trim();
  if (!text) return [];
  const queries = [{ search: text }, { sku: text }];
  if (/^\d{1,10}$/.test(text)) queries.unshift({ include: text } as never);
  const lists = await Promise.all(
    queries.map((query) =>
      api<PickerProduct[]>({ path: withQuery(`${TABLES_NS}/products`, { ...query, limit: 10 }) }),
    ),
  );
  const seen = new Set<number>();
  return lists.flat().filter((product) => !seen.has(product.id) && seen.add(product.id));
}

/** Every product category. */
export function fetchCategories(): Promise<Category[]> {
  return api({ path: `${TABLES_NS}/categories` });
}

/** Where the shop's product tags (the first 100 by name) are read. */
export const TAGS_PATH = withQuery('/wc/v3/products/tags', { per_page: 100 });

/** The shop's product tags (the first 100 by name). */
export function fetchTags(): Promise<Term[]> {
  return api({ path: TAGS_PATH });
}

/** Where the shop's global attributes are read. */
export const ATTRIBUTES_PATH = '/wc/v3/products/attributes';

let attributes: Promise<Term[]> | null = null;
/** The shop's global attributes (loaded once per page: every tax column's settings use them). */
export function fetchAttributes(): Promise<Term[]> {
  attributes ??= api<Term[]>({ path: ATTRIBUTES_PATH }).catch(() => {
    attributes = null;
    return [];
  });
  return attributes;
}

/** Published products (and their categories) of the `all` or `sale` source. */
export function fetchSourceStats(type: 'all' | 'sale'): Promise<{ categories: number; products: number }> {
  return api({ path: withQuery(`${TABLES_NS}/source-stats`, { type }) });
}

/** The plugin settings. */
export function fetchSettings(): Promise<PluginSettings> {
  return api({ path: `${TABLES_NS}/settings` });
}

/** Saves a partial settings object (deep-merged on the server); answers the whole settings. */
export function saveSettings(settings: PluginSettingsInput): Promise<PluginSettings> {
  return api({ path: `${TABLES_NS}/settings`, method: 'POST', data: { settings } });
}

/** Deletes every table and resets the settings and the onboarding flag. */
export function resetEverything(): Promise<{ deleted_tables: number }> {
  return api({ path: `${TABLES_NS}/settings/reset`, method: 'POST' });
}

/** Table counts and whether the owner finished (or skipped) onboarding. */
export function fetchSystemStatus(): Promise<SystemStatus> {
  return api({ path: SYSTEM_STATUS_PATH });
}

/** Where the system status (the onboarding flag among it) is read. */
export const SYSTEM_STATUS_PATH = `${TABLES_NS}/system/status`;

/** Marks onboarding completed. */
export function completeOnboarding(): Promise<unknown> {
  return api({ path: `${TABLES_NS}/system/onboard`, method: 'POST' });
}

/** One page of the filtered activity log with its totals. */
export async function fetchLogs(filters: LogFilters, page: number, limit: number) {
  const { body, total, totalPages } = await apiWithTotals<{ entries: LogEntry[] }>(
    logsPath(filters, page, limit),
  );
  return { items: body.entries, total, totalPages };
}

/** The path of one page of the activity log. */
export function logsPath(filters: LogFilters, page: number, limit: number): string {
  return withQuery(`${TABLES_NS}/logs`, { ...filters, page, limit });
}

/** Deletes every log entry. */
export function clearLogs(): Promise<{ deleted: number }> {
  return api({ path: `${TABLES_NS}/logs/clear`, method: 'POST' });
}

/** The CSV export link of the whole log (a plain link: the browser streams the download). */
export function logsExportLink(): string {
  return withQuery(`${boot.root}producttables/v1/logs/export`, { _wpnonce: boot.nonce });
}
