import { VersionedCache } from '../../platform/cache/versioned-cache.js';
import type { SafeHtml } from '../../platform/http/html.js';
import { CATALOG_TOPIC } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';

/** The part of a catalogue page that is the same for every visitor: its status, title and content. */
export interface CatalogFragment {
  status: number;
  title: string;
  body: SafeHtml;
}

/** How long a fragment may live at most (topic `shop.catalog` keeps it current meanwhile). */
const KEEP_MS = 300_000;

/**
 * Catalogue pages' visitor-independent content (a grid page, a product's core and reviews), kept while the
 * catalogue is unchanged on every instance (topic `shop.catalog`); the frame and the extensions' parts, which
 * depend on the visitor, are rendered per request around it.
 */
export class CatalogFragments {
  private readonly cache: VersionedCache<unknown>;

  constructor(ctx: ShopContext) {
    this.cache = new VersionedCache(ctx.versions, [CATALOG_TOPIC], { maxEntries: 2000, now: Date.now });
  }

  /**
   * The value named by `key` (a page's path and normalised query, or what a page reads from the catalogue),
   * computed on a miss. A caller's keys start with its own prefix (`grid:`, `product:`).
   */
  render<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.cache.getOrCompute(key, KEEP_MS, compute) as Promise<T>;
  }
}
