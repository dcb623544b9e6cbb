import { api, withQuery } from '../../../admin/api.js';
import { downloadText } from '../../../admin/components/download-file.js';
import { csvRecord } from '../../../platform/csv/csv.js';
import type { AnalyticsReportBody } from '../analytics/analytics.schemas.js';

/** True for a whole e-mail address (the routes search by exact address only). */
export function isWholeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());
}

/** `GET /cartrecovery/v1/sessions` path of one filtered page. */
export function sessionsPath(
  filters: { status?: string; search?: string },
  page: number,
  perPage: number,
): string {
  return withQuery('/cartrecovery/v1/sessions', { ...filters, page, per_page: perPage });
}

/** `GET /cartrecovery/v1/notifications` path of one filtered page. */
export function emailsPath(
  filters: { status?: string; step?: string; search?: string },
  page: number,
  perPage: number,
): string {
  return withQuery('/cartrecovery/v1/notifications', { ...filters, page, per_page: perPage });
}

/** The path of one session with its timeline. */
export function sessionPath(id: string): string {
  return `/cartrecovery/v1/sessions/${encodeURIComponent(id)}`;
}

/** The analytics of the last `days` days, or of the `days` days before them (`previous`). */
export function fetchAnalytics(
  days: 7 | 30 | 90,
  window: 'current' | 'previous',
): Promise<AnalyticsReportBody> {
  return api({ path: analyticsPath(days, window) });
}

/** The path of the analytics of the last `days` days, or of the `days` days before them. */
export function analyticsPath(days: 7 | 30 | 90, window: 'current' | 'previous'): string {
  return withQuery('/cartrecovery/v1/analytics', {
    days,
    window: window === 'previous' ? window : undefined,
  });
}

/** The actions a session offers (the agent route's names). */
export type SessionAction =
  | 'mark_abandoned_now'
  | 'send_email_step_now'
  | 'cancel_pending_emails'
  | 'expire_session'
  | 'delete_session';

/** Runs a session action through the agent route (same service and gates as agents). */
export function runSessionAction(
  id: string,
  action: SessionAction,
  step?: number,
): Promise<{ success: boolean; detail?: string; deleted?: boolean }> {
  return api({
    path: `/cartrecovery/v1/agent/sessions/${encodeURIComponent(id)}/actions`,
    method: 'POST',
    data: step === undefined ? { action } : { action, step },
  });
}

/** An amount in minor units as money of `currency` (its own number of decimals). */
export function formatMinor(minor: number, currency: string): string {
  const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** A decimal amount as money of `currency`. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
}

/** A CSV file built in the browser from rows (first row the header), offered as a download (formulas guarded). */
export function downloadCsv(filename: string, rows: ReadonlyArray<ReadonlyArray<string | number>>): void {
  downloadText(filename, rows.map(csvRecord).join(''));
}
