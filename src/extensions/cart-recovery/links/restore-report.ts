import { hmacHex, safeEqual } from '../../../platform/security/hashing.js';

/** What a rebuilt cart differs in from the e-mailed one: product ids of lines left out, cut to stock, repriced. */
export interface RestoreReport {
  unavailable: number[];
  limited: number[];
  repriced: number[];
}

/** Query flag of the checkout a restore link lands on. */
export const RESTORED_FLAG = 'cartrecovery_restored';

const LISTS = {
  unavailable: 'cartrecovery_unavailable',
  limited: 'cartrecovery_limited',
  repriced: 'cartrecovery_repriced',
} as const;
const SIGNATURE = 'cartrecovery_sig';
const MAX_IDS = 20;

/**
 * The checkout URL a restore link redirects to: `cartrecovery_restored=1`, plus the report's product ids, signed
 * (the page names those products, so a crafted URL must not make it name, say, a draft product).
 */
export function restoredCheckoutUrl(checkoutUrl: string, secret: string, report: RestoreReport): string {
  const url = new URL(checkoutUrl);
  url.searchParams.set(RESTORED_FLAG, '1');
  const lists = trimmed(report);
  for (const field of Object.keys(LISTS) as Array<keyof RestoreReport>)
    if (lists[field].length > 0) url.searchParams.set(LISTS[field], lists[field].join(','));
  if (Object.values(lists).some((ids) => ids.length > 0))
    url.searchParams.set(SIGNATURE, signature(secret, lists));
  return url.toString();
}

/**
 * The report a page's query carries: null when the page did not come from a restore link; its lists are empty
 * unless the signature matches.
 */
export function readRestoreReport(query: Record<string, unknown>, secret: string): RestoreReport | null {
  if (query[RESTORED_FLAG] !== '1') return null;
  const lists: RestoreReport = { unavailable: [], limited: [], repriced: [] };
  for (const field of Object.keys(LISTS) as Array<keyof RestoreReport>) {
    const raw = query[LISTS[field]];
    if (typeof raw !== 'string') continue;
    lists[field] = raw
      .split(',')
      .filter((id) => /^[1-9]\d{0,9}$/.test(id))
      .map(Number)
      .slice(0, MAX_IDS);
  }
  if (Object.values(lists).every((ids) => ids.length === 0)) return lists;
  const sig = query[SIGNATURE];
  if (typeof sig !== 'string' || !safeEqual(sig, signature(secret, lists)))
    return { unavailable: [], limited: [], repriced: [] };
  return lists;
}

function trimmed(report: RestoreReport): RestoreReport {
  const unique = (ids: number[]) => [...new Set(ids)].slice(0, MAX_IDS);
  return {
    unavailable: unique(report.unavailable),
    limited: unique(report.limited),
    repriced: unique(report.repriced),
  };
}

function signature(secret: string, lists: RestoreReport): string {
  const canonical = `${lists.unavailable.join(',')}|${lists.limited.join(',')}|${lists.repriced.join(',')}`;
  return hmacHex(`cartrecovery-restore-report:${secret}`, canonical).slice(0, 32);
}
