import type { DataVersions } from '../../platform/cache/data-versions.js';
import { VersionedCache } from '../../platform/cache/versioned-cache.js';
import type { Db, DbOrTrx } from '../../platform/db/database.js';
import { CATALOG_TOPIC, type ShopProductPrice } from '../shop-api.js';
import { loadProductPrices } from './product-records.js';

/** How long a product's prices are kept at most while the catalogue is unchanged. */
const KEEP_MS = 300_000;

/**
 * Products' current prices through the one cache layer (topic `shop.catalog`): a stream of captures or cart
 * updates reads a product once per catalogue change rather than once per request. A read inside a transaction
 * goes to the database, so a writer sees its own changes. Cached prices are frozen: callers only read them.
 */
export class ProductPrices {
  private readonly cache: VersionedCache<ShopProductPrice | null>;

  constructor(
    private readonly db: Db,
    versions: DataVersions,
  ) {
    this.cache = new VersionedCache(versions, [CATALOG_TOPIC], { maxEntries: 10_000, now: Date.now });
  }

  /** The prices of the products among `ids` (variations inside their parent), in `ids` order, each id once. */
  async get(ids: readonly number[], db: DbOrTrx = this.db): Promise<ShopProductPrice[]> {
    if (db !== this.db) return loadProductPrices(db, ids);
    const unique = [...new Set(ids)];
    const found = new Map<number, ShopProductPrice | null>();
    const missing: number[] = [];
    for (const id of unique) {
      const cached = this.cache.get(String(id));
      if (cached === undefined) missing.push(id);
      else found.set(id, cached);
    }
    if (missing.length > 0) {
      const stamp = this.cache.stamp();
      const loaded = new Map((await loadProductPrices(db, missing)).map((p) => [p.id, frozen(p)]));
      for (const id of missing) {
        const price = loaded.get(id) ?? null;
        found.set(id, price);
        this.cache.set(String(id), price, stamp, KEEP_MS);
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
