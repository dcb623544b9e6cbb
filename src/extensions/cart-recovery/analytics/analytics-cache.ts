import { declareCache } from '../../../platform/cache/cache-layer.js';
import type { TopicCache } from '../../../platform/cache/topic-cache.js';
import type { ExtensionContext } from '../../define-extension.js';
import { CART_RECOVERY_TOPICS } from '../cart-recovery.topics.js';

/** The analytics periods (days) the routes accept. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
/** One analytics period. */
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Which window of a period: the last `days` days, or the `days` days before them. */
export type AnalyticsWindow = 'current' | 'previous';

/** Cached results live at most this long, so sliding windows never drift far from the truth. */
export const ANALYTICS_CACHE_TTL_SECONDS = 900;

/**
 * One result per period and window, made of sessions, their events and notifications (bumped by their
 * repositories), kept ANALYTICS_CACHE_TTL_SECONDS at most.
 */
const RESULTS = declareCache<unknown>({
  topics: [CART_RECOVERY_TOPICS.sessions],
  max: ANALYTICS_PERIODS.length * 2,
  ttlMs: ANALYTICS_CACHE_TTL_SECONDS * 1000,
});

/**
 * One result per period and window in memory, kept while the versions of the sessions topic it was read under hold
 * (any write of a session, event or notification, through any instance, makes it stale) and at most
 * ANALYTICS_CACHE_TTL_SECONDS by the app's clock. A result read across a change is answered, not kept.
 */
export class AnalyticsCache {
  private readonly results: TopicCache<unknown>;

  constructor(ctx: ExtensionContext) {
    this.results = ctx.caches.of(RESULTS);
  }

  /** The period's result: the cached one while current, else `compute()` (kept when nothing changed meanwhile). */
  get<T>(days: AnalyticsPeriod, compute: () => Promise<T>, window: AnalyticsWindow = 'current'): Promise<T> {
    return this.results.getOrCompute([days, window], compute) as Promise<T>;
  }
}
