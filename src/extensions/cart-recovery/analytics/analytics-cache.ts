import { VersionedCache } from '../../../platform/cache/versioned-cache.js';
import type { ExtensionContext } from '../../define-extension.js';
import { SESSIONS_TOPIC } from '../sessions/sessions.topic.js';

/** The analytics periods (days) the routes accept. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
/** One analytics period. */
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Cached results live at most this long, so sliding windows never drift far from the truth. */
export const ANALYTICS_CACHE_TTL_SECONDS = 900;

/** What the analytics are made of: sessions, their events and notifications (bumped by their repositories). */
const TOPICS = [SESSIONS_TOPIC] as const;

/**
 * One result per period in memory, kept while the versions of the sessions topic it was read under hold
 * (any write of a session, event or notification, through any instance, makes it stale) and at most
 * ANALYTICS_CACHE_TTL_SECONDS by the app's clock. A result read across a change is answered, not kept.
 */
export class AnalyticsCache {
  private readonly results: VersionedCache<unknown>;

  constructor(ctx: ExtensionContext) {
    this.results = new VersionedCache(ctx.versions, TOPICS, {
      maxEntries: ANALYTICS_PERIODS.length,
      now: () => ctx.clock.now().getTime(),
    });
  }

  /** The period's result: the cached one while current, else `compute()` (kept when nothing changed meanwhile). */
  get<T>(days: AnalyticsPeriod, compute: () => Promise<T>): Promise<T> {
    return this.results.getOrCompute(String(days), ANALYTICS_CACHE_TTL_SECONDS * 1000, compute) as Promise<T>;
  }
}
