import { bumpTopics } from '../../platform/cache/data-versions.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import { lockWriters } from '../../platform/db/writer-lock.js';
import { SHOP_TOPICS } from '../shop-api.js';

/**
 * The first step of every catalogue write, before it touches a row: the catalogue writers' lock (PostgreSQL; held
 * to commit), so transactions writing several rows — a checkout's stock of several products, a category delete
 * against a product save, a refund restoring stock — queue on it instead of deadlocking, then the topic bump.
 */
export async function startCatalogWrite(db: DbOrTrx): Promise<void> {
  await lockWriters(db, SHOP_TOPICS.catalog);
  await bumpTopics(db, SHOP_TOPICS.catalog);
}
