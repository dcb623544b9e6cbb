import type { Clock } from '../../../platform/clock.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { TransientStore } from '../../../platform/options/options.js';

/** The analytics periods (days) the routes accept. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
/** One analytics period. */
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

const PREFIX = 'cartrecovery_analytics_';
/** Cached results live at most this long, so sliding windows never drift far from the truth. */
export const ANALYTICS_CACHE_TTL_SECONDS = 900;

/**
 * One cached result per period, shared by every instance (transients). A change invalidates only the periods
 * whose window contains the times it touched (e.g. pruning 40-day-old sessions leaves the 7- and 30-day results).
 */
export class AnalyticsCache {
  constructor(
    private readonly transients: TransientStore,
    private readonly clock: Clock,
  ) {}

  /** The cached result of a period, or null. */
  async get<T>(days: AnalyticsPeriod): Promise<T | null> {
    return this.transients.get<T>(`${PREFIX}${days}`);
  }

  /** Stores a period's result. */
  async set(days: AnalyticsPeriod, value: unknown): Promise<void> {
    await this.transients.set(`${PREFIX}${days}`, value, ANALYTICS_CACHE_TTL_SECONDS);
  }

  /**
   * Drops the periods whose window holds any of `times` (stored UTC text); without `times`, every period
   * (something changed now, and now is in every window).
   */
  async invalidate(times?: Array<string | null | undefined>): Promise<void> {
    const known = (times ?? []).filter((t): t is string => typeof t === 'string' && t !== '');
    const now = this.clock.now().getTime();
    const touched =
      times === undefined
        ? [...ANALYTICS_PERIODS]
        : ANALYTICS_PERIODS.filter((days) => {
            const start = toDbTime(new Date(now - days * 86_400_000));
            return known.some((t) => t >= start);
          });
    if (touched.length === 0) return;
    if (touched.length === ANALYTICS_PERIODS.length) {
      await this.transients.deletePrefix(PREFIX);
      return;
    }
    for (const days of touched) await this.transients.delete(`${PREFIX}${days}`);
  }
}
