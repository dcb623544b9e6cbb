import { startCatalogWrite } from './catalog-write.js';
import { type Generated, type Selectable, sql } from 'kysely';
import type { DbOrTrx } from '../../platform/db/database.js';
import { columnsToSet } from '../../platform/db/sql-helpers.js';
import type { ShopAttribute, ShopAttributeTerm } from '../shop-api.js';
import { freeSlug } from './slugs.js';
import type { TermFilter } from './term-filter.js';
import { type TermLinks, termConditions, termOrder } from './term-queries.repository.js';
import { groupByProduct } from './group-by-product.js';

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_attributes: AttributesTable;
    shop_attribute_terms: AttributeTermsTable;
    shop_product_attribute_terms: { product_id: number; attribute_id: number; term_id: number };
  }
}

const TERM_LINKS: TermLinks = { table: 'shop_product_attribute_terms', column: 'term_id' };

/** A global product attribute (WooCommerce's `pa_<slug>` taxonomy). */
export interface AttributesTable {
  id: Generated<number>;
  name: string;
  /** Without the `pa_` prefix. */
  slug: string;
  type: string;
  order_by: string;
  has_archives: number;
}

/** A term (value) of a global attribute. */
export interface AttributeTermsTable {
  id: Generated<number>;
  attribute_id: number;
  name: string;
  slug: string;
  description: string;
  menu_order: number;
  /** Published top-level products having the term (kept by the catalog's writes). */
  product_count: number;
}

/** A stored attribute row. */
export type AttributeRow = Selectable<AttributesTable>;
/** A stored term row. */
export type AttributeTermRow = Selectable<AttributeTermsTable>;
/** Columns a client may set on an attribute. */
export type AttributePatch = Partial<Omit<AttributeRow, 'id'>>;
/** Columns a client may set on a term. */
export type TermPatch = Partial<Pick<AttributeTermRow, 'name' | 'slug' | 'description' | 'menu_order'>>;

/** Every attribute (by name) with its terms in the attribute's own order (two queries). */
export async function listAttributesWithTerms(
  db: DbOrTrx,
  ids?: readonly number[],
): Promise<ShopAttribute[]> {
  if (ids?.length === 0) return [];
  let q = db.selectFrom('shop_attributes').selectAll().orderBy('name').orderBy('id');
  if (ids) q = q.where('id', 'in', [...new Set(ids)]);
  const rows = await q.execute();
  if (rows.length === 0) return [];
  const terms = await db
    .selectFrom('shop_attribute_terms')
    .selectAll()
    .where(
      'attribute_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((row) => {
    const attribute = toAttribute(row);
    attribute.terms = sortTerms(
      terms.filter((t) => t.attribute_id === row.id).map(toTerm),
      attribute.order_by,
    );
    return attribute;
  });
}

/** An attribute row by id or by slug (without `pa_`). */
export function findAttributeRow(db: DbOrTrx, by: { id: number } | { slug: string }) {
  const q = db.selectFrom('shop_attributes').selectAll();
  return ('id' in by ? q.where('id', '=', by.id) : q.where('slug', '=', by.slug)).executeTakeFirst();
}

/** Inserts an attribute; returns its id. */
export async function insertAttribute(db: DbOrTrx, row: Omit<AttributeRow, 'id'>): Promise<number> {
  await startCatalogWrite(db);
  const inserted = await db
    .insertInto('shop_attributes')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes an attribute. */
export async function updateAttribute(db: DbOrTrx, id: number, patch: AttributePatch): Promise<void> {
  const columns = columnsToSet(patch);
  if (!columns) return;
  await startCatalogWrite(db);
  await db.updateTable('shop_attributes').set(columns).where('id', '=', id).execute();
}

/** Deletes an attribute with its terms and product links. */
export async function deleteAttribute(db: DbOrTrx, id: number): Promise<void> {
  await startCatalogWrite(db);
  await db.deleteFrom('shop_product_attribute_terms').where('attribute_id', '=', id).execute();
  await db.deleteFrom('shop_attribute_terms').where('attribute_id', '=', id).execute();
  await db.deleteFrom('shop_attributes').where('id', '=', id).execute();
}

/** One page of an attribute's terms matching `filter`, with the total. */
export async function searchTerms(
  db: DbOrTrx,
  attributeId: number,
  filter: TermFilter,
): Promise<{ terms: ShopAttributeTerm[]; total: number }> {
  const q = db
    .selectFrom('shop_attribute_terms')
    .where('attribute_id', '=', attributeId)
    .where(termConditions(filter, TERM_LINKS));
  const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(count.n);
  if (total === 0 || filter.offset >= total) return { terms: [], total };
  const rows = await q
    .selectAll()
    .orderBy(termOrder(filter, true))
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  return { terms: rows.map(toTerm), total };
}

/** Terms by id (any attribute); unknown ids are left out. */
export async function findTerms(db: DbOrTrx, ids: readonly number[]): Promise<ShopAttributeTerm[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('shop_attribute_terms')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map(toTerm);
}

/** Inserts a term; returns its id. */
export async function insertTerm(
  db: DbOrTrx,
  row: Omit<AttributeTermRow, 'id' | 'product_count'>,
): Promise<number> {
  await startCatalogWrite(db);
  const inserted = await db
    .insertInto('shop_attribute_terms')
    .values({ ...row, product_count: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * The id of the attribute's term named `name` (or holding its slug), inserting it under a free slug when none
 * does; the catalogue topic is bumped (locked on PostgreSQL) before looking, so concurrent writers queue.
 */
export async function findOrInsertTerm(
  db: DbOrTrx,
  attributeId: number,
  name: string,
  slug: string,
): Promise<number> {
  await startCatalogWrite(db);
  const terms = await db
    .selectFrom('shop_attribute_terms')
    .select(['id', 'name', 'slug'])
    .where('attribute_id', '=', attributeId)
    .execute();
  const lower = name.toLowerCase();
  const found = terms.find((t) => t.name.toLowerCase() === lower || t.slug === lower);
  if (found) return found.id;
  const free = freeSlug(
    slug,
    terms.map((t) => t.slug),
  );
  return insertTerm(db, { attribute_id: attributeId, name, slug: free, description: '', menu_order: 0 });
}

/** Changes a term. */
export async function updateTerm(db: DbOrTrx, id: number, patch: TermPatch): Promise<void> {
  const columns = columnsToSet(patch);
  if (!columns) return;
  await startCatalogWrite(db);
  await db.updateTable('shop_attribute_terms').set(columns).where('id', '=', id).execute();
}

/** Deletes a term; its products lose it. */
export async function deleteTerm(db: DbOrTrx, id: number): Promise<void> {
  await startCatalogWrite(db);
  await db.deleteFrom('shop_product_attribute_terms').where('term_id', '=', id).execute();
  await db.deleteFrom('shop_attribute_terms').where('id', '=', id).execute();
}

/** Global attribute terms of each product: product id → terms with their attribute's id and slug. */
export async function findProductTermLinks(
  db: DbOrTrx,
  productIds: readonly number[],
): Promise<Map<number, Array<{ attribute_id: number; id: number; name: string; slug: string }>>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shop_product_attribute_terms as pa')
    .innerJoin('shop_attribute_terms as t', 't.id', 'pa.term_id')
    .select(['pa.product_id', 't.attribute_id', 't.id', 't.name', 't.slug'])
    .where('pa.product_id', 'in', [...new Set(productIds)])
    .execute();
  return groupByProduct(rows, (row) => ({
    attribute_id: row.attribute_id,
    id: row.id,
    name: row.name,
    slug: row.slug,
  }));
}

/** Ids of the products (variations never) linked to any term of the attribute, or to the given term. */
export async function productsLinkedTo(db: DbOrTrx, by: { attributeId: number } | { termId: number }) {
  const q = db.selectFrom('shop_product_attribute_terms').select('product_id').distinct();
  const rows = await ('attributeId' in by
    ? q.where('attribute_id', '=', by.attributeId)
    : q.where('term_id', '=', by.termId)
  ).execute();
  return rows.map((r) => r.product_id);
}

/** Replaces the global attribute terms of a product. */
export async function setProductTerms(
  db: DbOrTrx,
  productId: number,
  links: ReadonlyArray<{ attribute_id: number; term_id: number }>,
): Promise<void> {
  await startCatalogWrite(db);
  await db.deleteFrom('shop_product_attribute_terms').where('product_id', '=', productId).execute();
  const unique = [...new Map(links.map((l) => [l.term_id, l])).values()];
  if (unique.length > 0)
    await db
      .insertInto('shop_product_attribute_terms')
      .values(
        unique.map((l) => ({ product_id: productId, attribute_id: l.attribute_id, term_id: l.term_id })),
      )
      .execute();
}

/** Recomputes the stored published-product count of the given terms (an indexed count per term). */
export async function recountTerms(db: DbOrTrx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await startCatalogWrite(db);
  await db
    .updateTable('shop_attribute_terms')
    .set({
      product_count: sql`(select count(*) from shop_product_attribute_terms pa
        inner join shop_products p on p.id = pa.product_id
        where pa.term_id = shop_attribute_terms.id and p.status = 'publish' and p.parent_id = 0)`,
    })
    .where(
      'id',
      'in',
      [...new Set(ids)].sort((a, b) => a - b),
    )
    .execute();
}

/** Terms in an attribute's order (`menu_order`, `name`, `name_num` = numeric names, `id`). */
export function sortTerms<T extends { id: number; name: string; menu_order: number }>(
  terms: T[],
  orderBy: string,
): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name) || a.id - b.id;
  const compare =
    orderBy === 'id'
      ? (a: T, b: T) => a.id - b.id
      : orderBy === 'name'
        ? byName
        : orderBy === 'name_num'
          ? (a: T, b: T) =>
              (Number.parseFloat(a.name) || 0) - (Number.parseFloat(b.name) || 0) || byName(a, b)
          : (a: T, b: T) => a.menu_order - b.menu_order || byName(a, b);
  return [...terms].sort(compare);
}

function toAttribute(row: AttributeRow): ShopAttribute {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    taxonomy: `pa_${row.slug}`,
    type: row.type,
    order_by: row.order_by as ShopAttribute['order_by'],
    has_archives: row.has_archives === 1,
    terms: [],
  };
}

function toTerm(row: AttributeTermRow): ShopAttributeTerm {
  return {
    id: row.id,
    attribute_id: row.attribute_id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    menu_order: row.menu_order,
    count: row.product_count,
  };
}
