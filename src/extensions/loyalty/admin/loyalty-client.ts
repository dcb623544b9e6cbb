import { api, apiPage, apiWithTotals, withQuery } from '../../../admin/api.js';
import type {
  AdjustmentAnswer,
  CustomerLoyalty,
  LedgerEntry,
  LoyaltySettings,
  UserSearchResult,
} from '../loyalty.schemas.js';

/** The ledger filters a screen keeps in its URL (the route's own parameter names). */
export interface LedgerFilters {
  user_id?: string;
  transaction_type?: string;
  reference_type?: string;
  date_from?: string;
  date_to?: string;
}

/** `GET /loyalty/v1/ledger` path for one page of the filtered ledger. */
export function ledgerPath(filters: LedgerFilters, page: number, perPage: number): string {
  return withQuery('/loyalty/v1/ledger', { ...filters, page, per_page: perPage });
}

/** The CSV export link of the filtered ledger (a plain link: the browser streams the download). */
export function exportLink(root: string, nonce: string, filters: LedgerFilters): string {
  return withQuery(`${root}loyalty/v1/export/ledger`, { ...filters, _wpnonce: nonce });
}

/** One page of the ledger. */
export function fetchLedger(filters: LedgerFilters, page: number, perPage: number) {
  return apiPage<LedgerEntry>(ledgerPath(filters, page, perPage));
}

/** Where every loyalty route lives (an adjustment reloads every read under it). */
export const LOYALTY_NS = '/loyalty/v1';

/** Where the loyalty settings are read and saved. */
export const LOYALTY_SETTINGS_PATH = `${LOYALTY_NS}/settings`;

/** The path of the users whose name or e-mail contains `search`, with their balances. */
export function searchCustomersPath(search: string, limit = 10): string {
  return withQuery(`${LOYALTY_NS}/user-points/search-users`, { search, limit });
}

/** Users whose name or e-mail contains `search`, with their balances. */
export function searchCustomers(search: string, limit = 10): Promise<UserSearchResult[]> {
  return api({ path: searchCustomersPath(search, limit) });
}

/** Credits or debits a customer; the key makes a repeated submit of the same dialog count once. */
export function adjustPoints(
  input: { user_id: number; amount: number; type: 'credit' | 'debit'; reason: string },
  idempotencyKey: string,
): Promise<AdjustmentAnswer> {
  return api({
    path: '/loyalty/v1/user-points',
    method: 'POST',
    data: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The path of a customer's loyalty with one page of their ledger. */
export function customerPath(userId: number, page = 1, perPage = 10): string {
  return withQuery(`${LOYALTY_NS}/customers/${userId}`, { page, per_page: perPage });
}

/** A customer's balance, tier, referral code and one page of their ledger. */
export function fetchCustomer(userId: number, page = 1, perPage = 10) {
  return apiWithTotals<CustomerLoyalty>(customerPath(userId, page, perPage));
}

/** The loyalty settings. */
export function fetchSettings(): Promise<LoyaltySettings> {
  return api({ path: LOYALTY_SETTINGS_PATH });
}

/** Saves changed settings; answers the whole object. */
export function saveSettings(changes: Partial<LoyaltySettings>): Promise<LoyaltySettings> {
  return api({ path: LOYALTY_SETTINGS_PATH, method: 'POST', data: changes });
}

/** Display names and e-mails of the given user ids (one request for a page of ledger rows). */
export async function usersByIds(ids: number[]): Promise<Map<number, { name: string; email: string }>> {
  const unique = [...new Set(ids)].filter((id) => id > 0);
  if (unique.length === 0) return new Map();
  const users = await api<Array<{ id: number; name: string; email?: string }>>({
    path: withQuery('/wp/v2/users', { include: unique.join(','), per_page: 100 }),
  });
  return new Map(users.map((u) => [u.id, { name: u.name, email: u.email ?? '' }]));
}
