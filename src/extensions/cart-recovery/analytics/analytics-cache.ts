import type { Clock } from '../../../platform/clock.js';
import type { Db, DbOrTrx } from '../../../platform/db/database.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { dropCachedPeriods, readCachedPeriod, writeCachedPeriod } from './analytics-cache.repository.js';

/** The analytics periods (days) the routes accept. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
/** One analytics period. */
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Cached results live at most this long, so sliding windows never drift far from the truth. */
export const ANALYTICS_CACHE_TTL_SECONDS = 900;

/**
 * One cached result per period in the database (shared by every instance). A change invalidates only the
 * periods whose window contains the times it touched (e.g. pruning 40-day-old sessions leaves the 7- and
 * 30-day results), inside the caller's transaction when it has one.
 */
export class AnalyticsCache {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The cached result of a period, or null. */
  async get<T>(days: AnalyticsPeriod): Promise<T | null> {
    const value = await readCachedPeriod(this.db, days, toDbTime(this.clock.now()));
    return value === null ? null : (JSON.parse(value) as T);
  }

  /** Stores a period's result. */
  async set(days: AnalyticsPeriod, value: unknown): Promise<void> {
    const expires = toDbTime(new Date(this.clock.now().getTime() + ANALYTICS_CACHE_TTL_SECONDS * 1000));
    await writeCachedPeriod(this.db, days, JSON.stringify(value), expires);
  }

  /**
   * Drops the periods whose window holds any of `times` (stored UTC text); without `times`, every period
   * (something changed now, and now is in every window).
   */
  async invalidate(times?: Array<string | null | undefined>, db: DbOrTrx = this.db): Promise<void> {
    const now = this.clock.now().getTime();
    const known = (times ?? []).filter((t): t is string => typeof t === 'string' && t !== '');
    const touched =
      times === undefined
        ? [...ANALYTICS_PERIODS]
        : ANALYTICS_PERIODS.filter((days) => {
            const start = toDbTime(new Date(now - days * 86_400_000));
            return known.some((t) => t >= start);
          });
    await dropCachedPeriods(db, touched);
  }
}
