import { declareCache } from '../../platform/cache/cache-layer.js';
import type { TopicCache } from '../../platform/cache/topic-cache.js';
import type { SafeHtml } from '../../platform/http/html.js';
import type { ShopContext } from '../shop-part.js';
import { SHOP_TOPICS } from '../shop-api.js';

/** The part of a catalogue page that is the same for every visitor: its status, title and content. */
export interface CatalogFragment {
  status: number;
  title: string;
  body: SafeHtml;
}

/** Fragments live five minutes at most (topic `shop.catalog` keeps them current meanwhile). */
const FRAGMENTS = declareCache<unknown>({ topics: [SHOP_TOPICS.catalog], max: 2000, ttlMs: 300_000 });

/**
 * Catalogue pages' visitor-independent content (a grid page, a product's core and reviews), kept while the
 * catalogue is unchanged on every instance (topic `shop.catalog`); the frame and the extensions' parts, which
 * depend on the visitor, are rendered per request around it.
 */
export class CatalogFragments {
  private readonly cache: TopicCache<unknown>;

  constructor(ctx: ShopContext) {
    this.cache = ctx.caches.of(FRAGMENTS);
  }

  /**
   * The value named by `key` (a page's path and normalised query, or what a page reads from the catalogue),
   * computed on a miss. A caller's keys start with its own prefix (`grid:`, `product:`).
   */
  render<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.cache.getOrCompute(key, compute) as Promise<T>;
  }
}
