import { VersionedCache } from '../../../platform/cache/versioned-cache.js';
import type { ExtensionContext } from '../../define-extension.js';
import { SESSIONS_TOPIC } from '../sessions/sessions.topic.js';

/** The analytics periods (days) the routes accept. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
/** One analytics period. */
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Which window of a period: the last `days` days, or the `days` days before them. */
export type AnalyticsWindow = 'current' | 'previous';

/** Cached results live at most this long, so sliding windows never drift far from the truth. */
export const ANALYTICS_CACHE_TTL_SECONDS = 900;

/** What the analytics are made of: sessions, their events and notifications (bumped by their repositories). */
const TOPICS = [SESSIONS_TOPIC] as const;

/**
 * One result per period and window in memory, kept while the versions of the sessions topic it was read under hold
 * (any write of a session, event or notification, through any instance, makes it stale) and at most
 * ANALYTICS_CACHE_TTL_SECONDS by the app's clock. A result read across a change is answered, not kept.
 */
export class AnalyticsCache {
  private readonly results: VersionedCache<unknown>;

  constructor(ctx: ExtensionContext) {
    this.results = new VersionedCache(ctx.versions, TOPICS, {
      maxEntries: ANALYTICS_PERIODS.length * 2,
      now: () => ctx.clock.now().getTime(),
    });
  }

  /** The period's result: the cached one while current, else `compute()` (kept when nothing changed meanwhile). */
  get<T>(days: AnalyticsPeriod, compute: () => Promise<T>, window: AnalyticsWindow = 'current'): Promise<T> {
    const key = window === 'current' ? String(days) : `${days}:${window}`;
    return this.results.getOrCompute(key, ANALYTICS_CACHE_TTL_SECONDS * 1000, compute) as Promise<T>;
  }
}
