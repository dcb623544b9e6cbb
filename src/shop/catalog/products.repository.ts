import { lockWriters } from '../../platform/db/writer-lock.js';
import { startCatalogWrite } from './catalog-write.js';
import {
  type Expression,
  type ExpressionBuilder,
  type Generated,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import { topicBumpPart } from '../../platform/cache/data-versions.js';
import type { DbOrTrx, Tables } from '../../platform/db/database.js';
import { isPostgres } from '../../platform/db/engine.js';
import { inListChunks, shapedQuery } from '../../platform/db/shaped-query.js';
import { columnsToSet, containsInsensitive, escapeLike } from '../../platform/db/sql-helpers.js';
import { type ProductQuery, SHOP_TOPICS } from '../shop-api.js';
import { groupByProduct } from './group-by-product.js';

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_products: ProductsTable;
    shop_categories: CategoriesTable;
    shop_product_categories: { product_id: number; category_id: number };
    shop_product_meta: ProductMetaTable;
  }
}

/** A product, or a variation (`type = 'variation'`, `parent_id` = its variable product). Money in minor units. */
export interface ProductsTable extends ProductExtraColumns {
  id: Generated<number>;
  parent_id: number;
  type: string;
  status: string;
  name: string;
  slug: string;
  sku: string | null;
  description: string;
  short_description: string;
  regular_price: number | null;
  sale_price: number | null;
  /** Effective price (sale while on sale); variable products: lowest variation price. */
  price: number | null;
  /** Variable products: highest variation price; else equal to `price`. */
  max_price: number | null;
  on_sale: number;
  stock_status: string;
  manage_stock: number;
  stock_quantity: number | null;
  backorders: string;
  /** JSON `[{id, src, alt}]` (a variation uses the first as its image). */
  images: string;
  /** Products: JSON `[{name, options, variation}]`; variations: JSON `[{name, option}]`. */
  attributes: string;
  grouped_products: string;
  external_url: string;
  button_text: string;
  menu_order: number;
  /** Average of approved review ratings, hundredths (450 = 4.50). */
  average_rating: number;
  rating_count: number;
  total_sales: number;
  date_created: string;
  date_modified: string;
}

/** WooCommerce fields added after the first catalog tables; each has a database default, so writers may omit them. */
export interface ProductExtraColumns {
  /** The decimal string a client sent for `regular_price` (returned as sent while it still equals the minor units). */
  regular_price_text: Generated<string | null>;
  /** The decimal string a client sent for `sale_price`. */
  sale_price_text: Generated<string | null>;
  post_password: Generated<string>;
  virtual: Generated<number>;
  downloadable: Generated<number>;
  tax_status: Generated<string>;
  tax_class: Generated<string>;
  weight: Generated<string>;
  length: Generated<string>;
  width: Generated<string>;
  height: Generated<string>;
  /** Shipping class slug as given (the shop has no shipping classes). */
  shipping_class: Generated<string>;
  reviews_allowed: Generated<number>;
  purchase_note: Generated<string>;
}

/** One `meta_data` entry of a product or variation (value stored as JSON). */
export interface ProductMetaTable {
  id: Generated<number>;
  product_id: number;
  meta_key: string;
  meta_value: string;
}

/** A product category. */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  parent: number;
  description: string;
  menu_order: number;
  /** Published top-level products directly in this category (kept by the catalog's writes). */
  product_count: number;
  /** 1 for the default category (`Uncategorized`): products saved without a category get it; it cannot be deleted. */
  is_default: Generated<number>;
}

/** A stored product or variation row. */
export type ProductRow = Selectable<ProductsTable>;
/** A stored category row. */
export type CategoryRow = Selectable<CategoriesTable>;
/** Columns of a new product row. */
export type NewProductRow = Omit<ProductRow, 'id' | keyof ProductExtraColumns> &
  Partial<Pick<ProductRow, keyof ProductExtraColumns>>;

type Where = ExpressionBuilder<Tables, 'shop_products'>;

/** Rows by id (products or variations), in no particular order. */
export async function findProductRows(db: DbOrTrx, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('shop_products')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The price columns of a product or variation row. */
export type PriceRow = Pick<ProductRow, 'id' | 'parent_id' | 'type' | 'status' | 'name' | 'sku' | 'price'>;

/**
 * The price columns of the products with these ids (variations asked by id are left out), then of the variations
 * of those that are variable products (by menu order then id): one shaped query per 512 ids, and a second only when a variable product is among them.
 * Two lookups rather than one `id in … or parent_id in …`: with most products top-level, SQLite's statistics
 * make that OR look unselective and it scanned the whole catalog (most of a cart capture's CPU on a big
 * catalog).
 */
export async function findPriceRows(db: DbOrTrx, ids: readonly number[]): Promise<PriceRow[]> {
  const rows: PriceRow[] = [];
  for (const chunk of inListChunks(ids)) {
    for (const row of (await priceRowsById.execute(db, chunk.values, chunk.shape)).rows)
      if (row.type !== 'variation') rows.push(row);
  }
  const variable = rows.filter((row) => row.type === 'variable').map((row) => row.id);
  for (const chunk of inListChunks(variable)) {
    rows.push(...(await variationPriceRows.execute(db, chunk.values, chunk.shape)).rows);
  }
  return rows;
}

const PRICE_COLUMNS = ['id', 'parent_id', 'type', 'status', 'name', 'sku', 'price'] as const;

const priceRowsById = shapedQuery((db, p, size: number) =>
  db
    .selectFrom('shop_products')
    .select(PRICE_COLUMNS)
    .where(
      'id',
      'in',
      Array.from({ length: size }, (_, i) => p(i)),
    ),
);

const variationPriceRows = shapedQuery((db, p, size: number) =>
  db
    .selectFrom('shop_products')
    .select(PRICE_COLUMNS)
    .where(
      'parent_id',
      'in',
      Array.from({ length: size }, (_, i) => p(i)),
    )
    .where('type', '=', 'variation')
    .orderBy('menu_order')
    .orderBy('id'),
);

/** Variations of the given variable products, by menu order then id. */
export async function findVariationRows(db: DbOrTrx, parentIds: readonly number[]): Promise<ProductRow[]> {
  if (parentIds.length === 0) return [];
  return db
    .selectFrom('shop_products')
    .selectAll()
    .where('parent_id', 'in', [...new Set(parentIds)])
    .where('type', '=', 'variation')
    .orderBy('menu_order')
    .orderBy('id')
    .execute();
}

/** Categories of each product: product id → categories (by name). */
export async function findProductCategoryLinks(
  db: DbOrTrx,
  productIds: readonly number[],
): Promise<Map<number, Array<{ id: number; name: string; slug: string }>>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shop_product_categories as pc')
    .innerJoin('shop_categories as c', 'c.id', 'pc.category_id')
    .select(['pc.product_id', 'c.id', 'c.name', 'c.slug'])
    .where('pc.product_id', 'in', [...new Set(productIds)])
    .orderBy('c.name')
    .execute();
  return groupByProduct(rows, (row) => ({ id: row.id, name: row.name, slug: row.slug }));
}

/** One page of top-level products (never variations) matching `query` (`skus`: any of these exact SKUs; `stockStatuses`: any of these), plus the total count. */
export async function searchProductRows(
  db: DbOrTrx,
  query: ProductQuery & { skus?: string[]; stockStatuses?: string[] },
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = (eb: Where) => eb.and(productFilters(db, eb, query));
  const countRow = await db
    .selectFrom('shop_products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  const total = Number(countRow.n);
  if (total === 0 || query.offset >= total) return { rows: [], total };
  let page = db.selectFrom('shop_products').selectAll().where(where);
  const order = query.order ?? defaultOrder(query.orderBy);
  switch (query.orderBy ?? 'date') {
    case 'id':
      break;
    case 'title':
      page = page.orderBy('name', order);
      break;
    case 'price':
      page = page.orderBy('price', order);
      break;
    case 'popularity':
      page = page.orderBy('total_sales', order);
      break;
    case 'rating':
      page = page.orderBy('average_rating', order).orderBy('rating_count', order);
      break;
    case 'menu_order':
      page = page.orderBy('menu_order', order).orderBy('name', 'asc');
      break;
    case 'include':
      if (query.include && query.include.length > 0)
        page = page.orderBy(
          sql`case ${sql.join(
            query.include.map((id, i) => sql`when id = ${id} then ${i}`),
            sql` `,
          )} else ${query.include.length} end`,
          order,
        );
      break;
    default:
      page = page.orderBy('date_created', order);
  }
  const rows = await page.orderBy('id', order).offset(query.offset).limit(query.limit).execute();
  return { rows, total };
}

/**
 * How many products match each query (variations never counted), in the order given: one statement holding a
 * scalar count per query, whatever their number.
 */
export async function countProductRows(
  db: DbOrTrx,
  queries: ReadonlyArray<Omit<ProductQuery, 'offset' | 'limit'>>,
): Promise<number[]> {
  if (queries.length === 0) return [];
  const row = await db
    .selectNoFrom((eb) =>
      queries.map((query, i) =>
        eb
          .selectFrom('shop_products')
          .select((c) => c.fn.countAll<number>().as('n'))
          .where((w) => w.and(productFilters(db, w, { ...query, offset: 0, limit: 0 })))
          .as(`c${i}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, number | string | null>;
  return queries.map((_, i) => Number(counts[`c${i}`] ?? 0));
}

/** Ids of every category below the given ones (children, grandchildren …), the given ones included. */
export async function expandCategoryIds(db: DbOrTrx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return expandWithin(await categoryParents(db), ids);
}

/** Every category's id and parent (what `expandWithin` walks). */
export function categoryParents(db: DbOrTrx): Promise<Array<{ id: number; parent: number }>> {
  return db.selectFrom('shop_categories').select(['id', 'parent']).execute();
}

/** `ids` and every category below them, from an already-read list of categories. */
export function expandWithin(
  all: ReadonlyArray<{ id: number; parent: number }>,
  ids: readonly number[],
): number[] {
  const result = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all)
      if (!result.has(c.id) && result.has(c.parent)) {
        result.add(c.id);
        grew = true;
      }
  }
  return [...result];
}

// Every catalogue write starts with `startCatalogWrite` in the caller's transaction, before touching a row (here and
// in the other catalogue repositories): see catalog-write.ts. Reviews change the catalogue only through
// `setProductRating`.

/** Inserts a product or variation row; returns its id. */
export async function insertProductRow(db: DbOrTrx, row: NewProductRow): Promise<number> {
  await startCatalogWrite(db);
  const inserted = await db.insertInto('shop_products').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Inserts many rows at once (bench data); returns their ids in order. */
export async function insertProductRows(db: DbOrTrx, rows: NewProductRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  await startCatalogWrite(db);
  const inserted = await db.insertInto('shop_products').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

/** Changes columns of one row. */
export async function updateProductRow(
  db: DbOrTrx,
  id: number,
  patch: Partial<NewProductRow>,
): Promise<void> {
  const columns = columnsToSet(patch);
  if (!columns) return;
  await startCatalogWrite(db);
  await db.updateTable('shop_products').set(columns).where('id', '=', id).execute();
}

/** Deletes the variations of a product (it stopped being variable). */
export async function deleteVariationsOf(db: DbOrTrx, parentId: number): Promise<void> {
  await startCatalogWrite(db);
  await db
    .deleteFrom('shop_product_meta')
    .where('product_id', 'in', (eb) =>
      eb.selectFrom('shop_products').select('id').where('parent_id', '=', parentId),
    )
    .execute();
  await db.deleteFrom('shop_products').where('parent_id', '=', parentId).execute();
}

/** Deletes one variation row. */
export async function deleteVariationRow(db: DbOrTrx, id: number): Promise<void> {
  await startCatalogWrite(db);
  await db.deleteFrom('shop_product_meta').where('product_id', '=', id).execute();
  await db.deleteFrom('shop_products').where('id', '=', id).execute();
}

/** Deletes a product with its variations, category links, meta data and reviews (WordPress deletes a post's comments). */
export async function deleteProductRow(db: DbOrTrx, id: number): Promise<void> {
  await startCatalogWrite(db);
  await db.deleteFrom('shop_product_categories').where('product_id', '=', id).execute();
  await db.deleteFrom('shop_product_tags').where('product_id', '=', id).execute();
  await db.deleteFrom('shop_product_attribute_terms').where('product_id', '=', id).execute();
  await db.deleteFrom('shop_reviews').where('product_id', '=', id).execute();
  await db
    .deleteFrom('shop_product_meta')
    .where('product_id', 'in', (eb) =>
      eb
        .selectFrom('shop_products')
        .select('id')
        .where((w) => w.or([w('id', '=', id), w('parent_id', '=', id)])),
    )
    .execute();
  await db
    .deleteFrom('shop_products')
    .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
    .execute();
}

/** Replaces the categories of a product. */
export async function setProductCategories(
  db: DbOrTrx,
  productId: number,
  categoryIds: number[],
): Promise<void> {
  await startCatalogWrite(db);
  await db.deleteFrom('shop_product_categories').where('product_id', '=', productId).execute();
  const unique = [...new Set(categoryIds)];
  if (unique.length > 0)
    await db
      .insertInto('shop_product_categories')
      .values(unique.map((category_id) => ({ product_id: productId, category_id })))
      .execute();
}

/** Links many products to categories at once (bench data, demo). */
export async function insertProductCategoryLinks(
  db: DbOrTrx,
  links: Array<{ product_id: number; category_id: number }>,
): Promise<void> {
  if (links.length === 0) return;
  await startCatalogWrite(db);
  await db.insertInto('shop_product_categories').values(links).execute();
}

/** The row holding `sku` (case-insensitive), or undefined. */
export async function findRowBySku(db: DbOrTrx, sku: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('shop_products')
    .select('id')
    .where(sql`lower(sku)`, '=', sku.toLowerCase())
    .executeTakeFirst();
}

/** Slugs already taken that start with `base` (to pick a free `base-2`, `base-3` …). */
export async function findSlugsLike(db: DbOrTrx, base: string, exceptId: number | null): Promise<string[]> {
  let q = db
    .selectFrom('shop_products')
    .select('slug')
    .where('slug', 'like', `${escapeLike(base)}%`);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.execute()).map((r) => r.slug);
}

/**
 * Recomputes a variable product's summary columns from its variations in one query: lowest/highest price,
 * lowest regular price, on sale when any variation is, in stock when any variation is.
 */
export async function syncVariableProduct(db: DbOrTrx, parentId: number, now: string): Promise<void> {
  await startCatalogWrite(db);
  const agg = await db
    .selectFrom('shop_products')
    .select((eb) => [
      eb.fn.min('price').as('min_price'),
      eb.fn.max('price').as('max_price'),
      eb.fn.min('regular_price').as('min_regular'),
      eb.fn.max('on_sale').as('any_on_sale'),
      eb.fn.sum<number>(sql`case when stock_status = 'instock' then 1 else 0 end`).as('in_stock'),
      eb.fn.sum<number>(sql`case when stock_status = 'onbackorder' then 1 else 0 end`).as('on_backorder'),
    ])
    .where('parent_id', '=', parentId)
    .where('type', '=', 'variation')
    .where('price', 'is not', null)
    .executeTakeFirstOrThrow();
  const minPrice = agg.min_price === null ? null : Number(agg.min_price);
  await db
    .updateTable('shop_products')
    .set({
      price: minPrice,
      max_price: agg.max_price === null ? null : Number(agg.max_price),
      regular_price: agg.min_regular === null ? null : Number(agg.min_regular),
      sale_price: null,
      on_sale: Number(agg.any_on_sale ?? 0) > 0 ? 1 : 0,
      stock_status:
        Number(agg.in_stock ?? 0) > 0
          ? 'instock'
          : Number(agg.on_backorder ?? 0) > 0
            ? 'onbackorder'
            : 'outofstock',
      date_modified: now,
    })
    .where('id', '=', parentId)
    .execute();
}

/**
 * Moves stock of one managed row by `delta` (negative = reduce) in one conditional update, keeping
 * `stock_status` in step; returns false when reducing would go below zero and backorders are not allowed.
 */
export async function moveStock(db: DbOrTrx, id: number, delta: number): Promise<boolean> {
  await startCatalogWrite(db);
  const result = await db
    .updateTable('shop_products')
    .set({
      stock_quantity: sql`stock_quantity + ${delta}`,
      stock_status: sql`case when stock_quantity + ${delta} > 0 then 'instock' when backorders <> 'no' then 'onbackorder' else 'outofstock' end`,
    })
    .where('id', '=', id)
    .where('manage_stock', '=', 1)
    .where((eb) =>
      delta >= 0 ? eb.lit(true) : eb.or([eb('backorders', '<>', 'no'), eb('stock_quantity', '>=', -delta)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Sells units of several rows at once: takes `stock` units of each row that manages its stock (keeping
 * `stock_status` in step) and adds `sales` to its `total_sales`. Returns the ids it left unchanged: rows that do not
 * exist, and rows short of stock (stock managed, no backorders, fewer than `stock` left; the caller rolls back).
 * PostgreSQL: one statement with the catalogue topic's bump, locking the rows in id order first, so concurrent
 * sellers of the same products queue instead of deadlocking. SQLite: the bump and one UPDATE per row.
 */
export async function sellStock(
  db: DbOrTrx,
  moves: ReadonlyArray<{ id: number; stock: number; sales: number }>,
): Promise<number[]> {
  if (moves.length === 0) return [];
  if (!isPostgres(db)) {
    await startCatalogWrite(db);
    const short: number[] = [];
    for (const move of moves) {
      const result = await db
        .updateTable('shop_products')
        .set({
          stock_quantity: sql`case when manage_stock = 1 then stock_quantity - ${move.stock} else stock_quantity end`,
          stock_status: sql`case when manage_stock = 1 and ${move.stock} > 0 then ${stockStatusAfter(sql`stock_quantity - ${move.stock}`)} else stock_status end`,
          total_sales: sql`total_sales + ${move.sales}`,
        })
        .where('id', '=', move.id)
        .where(enoughStock(sql`${move.stock}`))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) short.push(move.id);
    }
    return short;
  }
  await lockWriters(db, SHOP_TOPICS.catalog);
  const bump = topicBumpPart(db, SHOP_TOPICS.catalog);
  const ids = moves.map((m) => m.id);
  const { rows } = await sql<{ id: number }>`
    with bumped as (${bump.part}),
    locked as materialized (select id from shop_products where id = any(${ids}::int8[]) order by id for update),
    wanted as (
      select locked.id, m.stock, m.sales from locked
      join unnest(${ids}::int8[], ${moves.map((m) => m.stock)}::int8[], ${moves.map((m) => m.sales)}::int8[])
        as m(id, stock, sales) on m.id = locked.id
    ),
    sold as (
      update shop_products as p set
        stock_quantity = case when p.manage_stock = 1 then p.stock_quantity - m.stock else p.stock_quantity end,
        stock_status = case when p.manage_stock = 1 and m.stock > 0
          then ${stockStatusAfter(sql`p.stock_quantity - m.stock`)} else p.stock_status end,
        total_sales = p.total_sales + m.sales
      from wanted as m
      where p.id = m.id and ${enoughStock(sql`m.stock`, 'p.')}
      returning p.id
    )
    select id from sold`.execute(db);
  await bump.settle();
  const sold = new Set(rows.map((r) => r.id));
  return moves.filter((m) => !sold.has(m.id)).map((m) => m.id);
}

/** Adds `delta` to `total_sales` of the given rows. */
export async function addSales(db: DbOrTrx, ids: readonly number[], delta: number): Promise<void> {
  if (ids.length === 0) return;
  await startCatalogWrite(db);
  await db
    .updateTable('shop_products')
    .set({ total_sales: sql`total_sales + ${delta}` })
    .where('id', 'in', [...ids])
    .execute();
}

/** Stores the rating summary of a product. */
export async function setProductRating(
  db: DbOrTrx,
  productId: number,
  rating: { average: number; count: number },
): Promise<void> {
  await startCatalogWrite(db);
  await db
    .updateTable('shop_products')
    .set({ average_rating: rating.average, rating_count: rating.count })
    .where('id', '=', productId)
    .execute();
}

/** Number of published products, and of categories holding at least one (optionally only products on sale). */
export async function countCatalog(
  db: DbOrTrx,
  onSaleOnly: boolean,
): Promise<{ products: number; categories: number }> {
  let products = db
    .selectFrom('shop_products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'publish')
    .where('parent_id', '=', 0);
  if (onSaleOnly) products = products.where('on_sale', '=', 1);
  const categories = onSaleOnly
    ? db
        .selectFrom('shop_product_categories as pc')
        .innerJoin('shop_products as p', 'p.id', 'pc.product_id')
        .select((eb) => eb.fn.count<number>('pc.category_id').distinct().as('n'))
        .where('p.on_sale', '=', 1)
        .where('p.status', '=', 'publish')
        .where('p.parent_id', '=', 0)
    : db
        .selectFrom('shop_categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('product_count', '>', 0);
  const [p, c] = await Promise.all([
    products.executeTakeFirstOrThrow(),
    categories.executeTakeFirstOrThrow(),
  ]);
  return { products: Number(p.n), categories: Number(c.n) };
}

/** Refreshes the planner statistics of the catalog tables (SQLite has none until asked; cheap on PostgreSQL). */
export async function analyzeCatalog(db: DbOrTrx): Promise<void> {
  for (const table of [
    'shop_products',
    'shop_product_categories',
    'shop_categories',
    'shop_product_tags',
    'shop_product_attribute_terms',
  ])
    await sql`analyze ${sql.table(table)}`.execute(db);
}

function productFilters(
  db: DbOrTrx,
  eb: Where,
  q: ProductQuery & { skus?: string[]; stockStatuses?: string[] },
) {
  const filters: Expression<SqlBool>[] = [eb('parent_id', '=', 0)];
  if (q.search)
    for (const word of q.search.trim().split(/\s+/).filter(Boolean))
      filters.push(containsInsensitive(eb.ref('name'), word));
  if (q.slug !== undefined) filters.push(eb('slug', '=', q.slug));
  if (q.searchNameOrSku?.trim())
    filters.push(
      eb.or([
        containsInsensitive(eb.ref('name'), q.searchNameOrSku.trim()),
        containsInsensitive(eb.ref('sku'), q.searchNameOrSku.trim()),
      ]),
    );
  if (q.sku !== undefined) {
    const sku = q.sku.trim().toLowerCase();
    if (q.skuPrefix) filters.push(skuPrefix(db, eb, sku));
    else filters.push(eb(sql`lower(sku)`, '=', sku));
  }
  if (q.skus)
    filters.push(
      q.skus.length > 0
        ? eb(
            sql`lower(sku)`,
            'in',
            q.skus.map((v) => v.trim().toLowerCase()),
          )
        : eb.lit(false),
    );
  if (q.include) filters.push(q.include.length > 0 ? eb('id', 'in', q.include) : eb.lit(false));
  if (q.exclude && q.exclude.length > 0) filters.push(eb('id', 'not in', q.exclude));
  const statuses = toList(q.status);
  if (statuses.length > 0) filters.push(eb('status', 'in', statuses));
  const types = toList(q.type);
  if (types.length > 0) filters.push(eb('type', 'in', types));
  if (q.categoryIds)
    filters.push(
      q.categoryIds.length === 0
        ? eb.lit(false)
        : eb(
            'id',
            'in',
            eb
              .selectFrom('shop_product_categories as pc')
              .select('pc.product_id')
              .where('pc.category_id', 'in', q.categoryIds),
          ),
    );
  if (q.tagIds)
    filters.push(
      q.tagIds.length === 0
        ? eb.lit(false)
        : eb(
            'id',
            'in',
            eb.selectFrom('shop_product_tags').select('product_id').where('tag_id', 'in', q.tagIds),
          ),
    );
  for (const termIds of q.attributeTermIds ?? [])
    filters.push(
      termIds.length === 0
        ? eb.lit(false)
        : eb(
            'id',
            'in',
            eb
              .selectFrom('shop_product_attribute_terms')
              .select('product_id')
              .where('term_id', 'in', termIds),
          ),
    );
  if (q.excludedTermIds && q.excludedTermIds.length > 0)
    filters.push(
      eb(
        'id',
        'not in',
        eb
          .selectFrom('shop_product_attribute_terms')
          .select('product_id')
          .where('term_id', 'in', q.excludedTermIds),
      ),
    );
  if (q.onSale !== undefined) filters.push(eb('on_sale', '=', q.onSale ? 1 : 0));
  if (q.stockStatus) filters.push(eb('stock_status', '=', q.stockStatus));
  if (q.stockStatuses && q.stockStatuses.length > 0) filters.push(eb('stock_status', 'in', q.stockStatuses));
  return filters;
}

// A prefix match the SKU index can serve: PostgreSQL's text_pattern_ops index takes LIKE 'x%';
// SQLite only uses an expression index for a range, which is exact under its binary collation.
function skuPrefix(db: DbOrTrx, eb: Where, prefix: string) {
  if (prefix === '') return eb('sku', 'is not', null);
  if (isPostgres(db)) return eb(sql`lower(sku)`, 'like', `${escapeLike(prefix)}%`);
  const chars = Array.from(prefix);
  const last = chars.pop() ?? '';
  const upper = chars.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
  return eb.and([eb(sql`lower(sku)`, '>=', prefix), eb(sql`lower(sku)`, '<', upper)]);
}

function toList<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function defaultOrder(orderBy: ProductQuery['orderBy']): 'asc' | 'desc' {
  return orderBy === 'title' || orderBy === 'menu_order' || orderBy === 'include' ? 'asc' : 'desc';
}

// The stock status of a managed row once its quantity is `quantity`.
function stockStatusAfter(quantity: Expression<unknown>) {
  return sql<string>`case when ${quantity} > 0 then 'instock' when backorders <> 'no' then 'onbackorder' else 'outofstock' end`;
}

// True when a row can give `units`: none asked, stock not managed, backorders allowed, or enough left.
function enoughStock(units: Expression<unknown>, prefix: '' | 'p.' = '') {
  const column = (name: string) => sql.raw(`${prefix}${name}`);
  return sql<SqlBool>`(${units} <= 0 or ${column('manage_stock')} <> 1 or ${column('backorders')} <> 'no' or ${column('stock_quantity')} >= ${units})`;
}
