import { type CacheLayer, declareCache } from '../../platform/cache/cache-layer.js';
import type { TopicCache } from '../../platform/cache/topic-cache.js';
import type { Db, DbOrTrx } from '../../platform/db/database.js';
import { type ShopProductPrice, SHOP_TOPICS } from '../shop-api.js';
import { loadProductPrices } from './product-records.js';

/** Products' prices by id, kept five minutes at most while the catalogue is unchanged. */
const PRICES = declareCache<ShopProductPrice | null>({
  topics: [SHOP_TOPICS.catalog],
  max: 10_000,
  ttlMs: 300_000,
});

/**
 * Products' current prices through the one cache layer (topic `shop.catalog`): a stream of captures or cart
 * updates reads a product once per catalogue change rather than once per request. A read inside a transaction
 * goes to the database, so a writer sees its own changes. Cached prices are frozen: callers only read them.
 */
export class ProductPrices {
  private readonly cache: TopicCache<ShopProductPrice | null>;

  constructor(
    private readonly db: Db,
    caches: CacheLayer,
  ) {
    this.cache = caches.of(PRICES);
  }

  /** The prices of the products among `ids` (variations inside their parent), in `ids` order, each id once. */
  async get(ids: readonly number[], db: DbOrTrx = this.db): Promise<ShopProductPrice[]> {
    if (db !== this.db) return loadProductPrices(db, ids);
    const unique = [...new Set(ids)];
    const found = new Map<number, ShopProductPrice | null>();
    const missing: number[] = [];
    for (const id of unique) {
      const cached = this.cache.get(id);
      if (cached === undefined) missing.push(id);
      else found.set(id, cached);
    }
    if (missing.length > 0) {
      const stamp = this.cache.stamp();
      const loaded = new Map((await loadProductPrices(db, missing)).map((p) => [p.id, frozen(p)]));
      for (const id of missing) {
        const price = loaded.get(id) ?? null;
        found.set(id, price);
        this.cache.set(id, price, stamp);
      }
    }
    return unique.flatMap((id) => found.get(id) ?? []);
  }
}

function frozen(price: ShopProductPrice): ShopProductPrice {
  for (const variation of price.variations) Object.freeze(variation);
  Object.freeze(price.variations);
  return Object.freeze(price);
}
