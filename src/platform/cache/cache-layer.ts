import { type Clock, systemClock } from '../clock.js';
import type { DataVersions } from './data-versions.js';
import { type CacheSpec, TopicCache } from './topic-cache.js';

/** A cache a module declares once (`declareCache`): what its values are made of and how much of them it keeps. */
export interface CacheDeclaration<V> extends CacheSpec {
  /** The type of the values (never set: it only carries `V`). */
  readonly valueType?: V;
}

/**
 * Declares a cache at module level: `declareCache<Page>({ topics: [LOYALTY_TOPICS.ledger], max: 200, ttlMs })`.
 * The platform builds it per app (`ctx.caches.of(declaration)`), with its key, bound and freshness.
 */
export function declareCache<V>(spec: CacheSpec): CacheDeclaration<V> {
  return Object.freeze({ ...spec });
}

/**
 * The platform's in-process caches: one `TopicCache` per declaration and app, bounded by lru-cache, fresh while
 * the data versions of its topics hold, aged by the app's clock.
 */
export class CacheLayer {
  private readonly caches = new WeakMap<CacheDeclaration<unknown>, TopicCache<unknown>>();
  private readonly now: () => number;

  constructor(
    private readonly versions: DataVersions,
    clock: Clock,
  ) {
    this.now = clock === systemClock ? Date.now : () => clock.now().getTime();
  }

  /** This app's cache of `declaration` (built on first use). */
  of<V>(declaration: CacheDeclaration<V>): TopicCache<V> {
    let cache = this.caches.get(declaration) as TopicCache<V> | undefined;
    if (!cache) {
      cache = new TopicCache<V>(this.versions, declaration, this.now);
      this.caches.set(declaration, cache as TopicCache<unknown>);
    }
    return cache;
  }
}
