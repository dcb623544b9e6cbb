import { startCatalogWrite } from './catalog-write.js';
import { type Generated, type Selectable, sql } from 'kysely';
import type { DbOrTrx } from '../../platform/db/database.js';
import { columnsToSet } from '../../platform/db/sql-helpers.js';
import type { ShopTag } from '../shop-api.js';
import type { TermFilter } from './term-filter.js';
import { type TermLinks, termConditions, termOrder } from './term-queries.repository.js';
import { groupByProduct } from './group-by-product.js';

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_tags: TagsTable;
    shop_product_tags: { product_id: number; tag_id: number };
  }
}

const TAG_LINKS: TermLinks = { table: 'shop_product_tags', column: 'tag_id' };

/** A product tag. */
export interface TagsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  /** Published top-level products carrying the tag (kept by the catalog's writes). */
  product_count: number;
}

/** A stored tag row. */
export type TagRow = Selectable<TagsTable>;

/** One page of tags matching `filter`, with the total (indexed: slug, name; counts are stored). */
export async function searchTags(
  db: DbOrTrx,
  filter: TermFilter,
): Promise<{ tags: ShopTag[]; total: number }> {
  const q = db.selectFrom('shop_tags').where(termConditions(filter, TAG_LINKS));
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(count.n);
  if (total === 0 || filter.offset >= total) return { tags: [], total };
  const rows = await q
    .selectAll()
    .orderBy(termOrder(filter, false))
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  return { tags: rows.map(toTag), total };
}

/** Tags by id; unknown ids are left out. */
export async function findTags(db: DbOrTrx, ids: readonly number[]): Promise<ShopTag[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('shop_tags')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map(toTag);
}

/** Tags by slug; unknown slugs are left out. */
export async function findTagsBySlugs(db: DbOrTrx, slugs: readonly string[]): Promise<ShopTag[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom('shop_tags')
    .selectAll()
    .where('slug', 'in', [...new Set(slugs)])
    .execute();
  return rows.map(toTag);
}

/** Inserts a tag; returns its id. */
export async function insertTag(
  db: DbOrTrx,
  row: Pick<TagRow, 'name' | 'slug' | 'description'>,
): Promise<number> {
  await startCatalogWrite(db);
  const inserted = await db
    .insertInto('shop_tags')
    .values({ ...row, product_count: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * The id of the tag holding `slug`, inserting it when none does. The catalogue topic is bumped (locked on
 * PostgreSQL) before looking, so two writers naming the same new tag at once queue and the second finds it.
 */
export async function findOrInsertTag(db: DbOrTrx, row: Pick<TagRow, 'name' | 'slug'>): Promise<number> {
  await startCatalogWrite(db);
  const [existing] = await findTagsBySlugs(db, [row.slug]);
  return existing ? existing.id : insertTag(db, { ...row, description: '' });
}

/** Changes a tag. */
export async function updateTag(
  db: DbOrTrx,
  id: number,
  patch: Partial<Pick<TagRow, 'name' | 'slug' | 'description'>>,
): Promise<void> {
  const columns = columnsToSet(patch);
  if (!columns) return;
  await startCatalogWrite(db);
  await db.updateTable('shop_tags').set(columns).where('id', '=', id).execute();
}

/** Deletes a tag; its products lose it. */
export async function deleteTag(db: DbOrTrx, id: number): Promise<void> {
  await startCatalogWrite(db);
  await db.deleteFrom('shop_product_tags').where('tag_id', '=', id).execute();
  await db.deleteFrom('shop_tags').where('id', '=', id).execute();
}

/** Tags of each product: product id → tags (by name). */
export async function findProductTagLinks(
  db: DbOrTrx,
  productIds: readonly number[],
): Promise<Map<number, Array<{ id: number; name: string; slug: string }>>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shop_product_tags as pt')
    .innerJoin('shop_tags as t', 't.id', 'pt.tag_id')
    .select(['pt.product_id', 't.id', 't.name', 't.slug'])
    .where('pt.product_id', 'in', [...new Set(productIds)])
    .orderBy('t.name')
    .execute();
  return groupByProduct(rows, (row) => ({ id: row.id, name: row.name, slug: row.slug }));
}

/** Replaces the tags of a product. */
export async function setProductTags(
  db: DbOrTrx,
  productId: number,
  tagIds: readonly number[],
): Promise<void> {
  await startCatalogWrite(db);
  await db.deleteFrom('shop_product_tags').where('product_id', '=', productId).execute();
  const unique = [...new Set(tagIds)];
  if (unique.length > 0)
    await db
      .insertInto('shop_product_tags')
      .values(unique.map((tag_id) => ({ product_id: productId, tag_id })))
      .execute();
}

/** Recomputes the stored published-product count of the given tags (an indexed count per tag). */
export async function recountTags(db: DbOrTrx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await startCatalogWrite(db);
  await db
    .updateTable('shop_tags')
    .set({
      product_count: sql`(select count(*) from shop_product_tags pt
        inner join shop_products p on p.id = pt.product_id
        where pt.tag_id = shop_tags.id and p.status = 'publish' and p.parent_id = 0)`,
    })
    .where(
      'id',
      'in',
      [...new Set(ids)].sort((a, b) => a - b),
    )
    .execute();
}

function toTag(row: TagRow): ShopTag {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    count: row.product_count,
  };
}
