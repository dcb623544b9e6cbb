import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import type { AnalyticsPeriod, AnalyticsWindow } from './analytics-cache.js';
import { readAggregates } from './analytics.repository.js';

/** Per-step figures, one entry per e-mail step of the campaign ("1"–"3"). */
export type ByStep = Record<'1' | '2' | '3', number>;

/** The analytics of one period (reference §3; money as decimals of the store currency). */
export interface AnalyticsReport {
  period_days: number;
  currency: string;
  tracked: number;
  abandoned: number;
  recovered: number;
  restored: number;
  completed_before_abandonment: number;
  abandoned_value: number;
  revenue: number;
  recovery_rate: number;
  restore_clicks: number;
  click_to_recovery_rate: number;
  emails_queued: number;
  emails_sent: number;
  emails_failed: number;
  emails_unknown: number;
  email_send_rate: number;
  revenue_by_step: ByStep;
  recoveries_by_step: ByStep;
  revenue_without_step: number;
  recoveries_without_step: number;
  best_step: number | null;
  average_time_to_recovery: number;
  returning_shopper_count: number;
  repeat_abandoned_shopper_count: number;
  failed_restore_count: number;
  generated_at: string;
}

/** The period's report, from the cache while current (see AnalyticsCache), else computed and cached. */
export async function getAnalytics(
  cr: CartRecovery,
  days: AnalyticsPeriod,
  window: AnalyticsWindow = 'current',
): Promise<AnalyticsReport> {
  return cr.analyticsCache.get(days, () => computeAnalytics(cr, days, window), window);
}

/**
 * Computes a period's report from indexed aggregates (no cache): the last `days` days, or with `previous` the
 * `days` days before them (for comparison).
 */
export async function computeAnalytics(
  cr: CartRecovery,
  days: AnalyticsPeriod,
  window: AnalyticsWindow = 'current',
): Promise<AnalyticsReport> {
  const now = cr.ctx.clock.now();
  const span = days * 86_400_000;
  const end = window === 'previous' ? now.getTime() - span : undefined;
  const since = toDbTime(new Date((end ?? now.getTime()) - span));
  const agg = await readAggregates(cr.ctx.db, since, end === undefined ? undefined : toDbTime(new Date(end)));
  const money = (minor: number) => minor / 10 ** cr.ctx.shop.currency.minorUnit;
  const revenueByStep: ByStep = { '1': 0, '2': 0, '3': 0 };
  const recoveriesByStep: ByStep = { '1': 0, '2': 0, '3': 0 };
  let revenueWithoutStep = 0;
  let recoveriesWithoutStep = 0;
  let recovered = 0;
  let revenue = 0;
  let seconds = 0;
  let restored = 0;
  for (const row of agg.recoveredByStep) {
    if (row.step >= 1) {
      const key = String(Math.min(3, row.step)) as keyof ByStep;
      revenueByStep[key] += row.revenue;
      recoveriesByStep[key] += row.count;
    } else {
      revenueWithoutStep += row.revenue;
      recoveriesWithoutStep += row.count;
    }
    recovered += row.count;
    revenue += row.revenue;
    seconds += row.seconds;
    restored += row.restored;
  }
  const { sent, attempted } = agg.notifications;
  const restoreClicks = agg.events.restore_clicked ?? 0;
  let bestStep: number | null = null;
  for (const step of ['1', '2', '3'] as const) {
    if (
      revenueByStep[step] > 0 &&
      (bestStep === null || revenueByStep[step] > revenueByStep[String(bestStep) as keyof ByStep])
    )
      bestStep = Number(step);
  }
  return {
    period_days: days,
    currency: cr.ctx.shop.currency.code,
    tracked: agg.tracked,
    abandoned: agg.abandoned.count,
    recovered,
    restored,
    completed_before_abandonment: agg.converted,
    abandoned_value: money(agg.abandoned.value),
    revenue: money(revenue),
    recovery_rate: percent(recovered, agg.abandoned.count),
    restore_clicks: restoreClicks,
    click_to_recovery_rate: percent(restored, restoreClicks),
    emails_queued: agg.notifications.queued,
    emails_sent: sent,
    emails_failed: agg.notifications.failed,
    emails_unknown: agg.notifications.unknown,
    email_send_rate: percent(sent, attempted),
    revenue_by_step: {
      '1': money(revenueByStep['1']),
      '2': money(revenueByStep['2']),
      '3': money(revenueByStep['3']),
    },
    recoveries_by_step: recoveriesByStep,
    revenue_without_step: money(revenueWithoutStep),
    recoveries_without_step: recoveriesWithoutStep,
    best_step: bestStep,
    average_time_to_recovery: recovered > 0 ? Math.round(seconds / recovered) : 0,
    returning_shopper_count: agg.abandoned.returning,
    repeat_abandoned_shopper_count: agg.abandoned.repeatShoppers,
    failed_restore_count: agg.events.cart_restore_failed ?? 0,
    generated_at: toDbTime(now),
  };
}

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
