import type { ProductQuery, ProductType, ShopApi } from '../../../shop/shop-api.js';
import type { TableConfig, TableSource } from '../config/table-config.schemas.js';

/** What a visitor asks of a rendered table (reference §3.3). */
export interface RenderQuery {
  /** Keyword search (every word in the name). */
  s?: string;
  /** Page, from 1. */
  paged?: number;
  /** Category slugs (ANDed with the source). */
  product_cat?: string[];
  /** Tag slugs: products carrying any of them (ANDed with the source). */
  product_tag?: string[];
  product_type?: ProductType;
}

/** The catalog query of a source (published products only), or null when it can match nothing. */
export function sourceQuery(source: TableSource): Omit<ProductQuery, 'offset' | 'limit'> | null {
  const { queryArgs, sort } = source;
  const query: Omit<ProductQuery, 'offset' | 'limit'> = {
    status: 'publish',
    orderBy: sort.orderBy,
    order: sort.order === 'ASC' ? 'asc' : 'desc',
  };
  if (source.type === 'sale') query.onSale = true;
  if (source.type === 'category') {
    if (queryArgs.categoryIds.length === 0) return null;
    query.categoryIds = queryArgs.categoryIds;
  }
  if (source.type === 'specific') {
    if (queryArgs.postIds.length === 0) return null;
    query.include = queryArgs.postIds;
    query.orderBy = 'include';
  }
  if (queryArgs.tagIds.length > 0) query.tagIds = queryArgs.tagIds;
  if (queryArgs.excludes.length > 0) query.exclude = queryArgs.excludes;
  if (queryArgs.stockStatus !== 'any') query.stockStatus = queryArgs.stockStatus;
  return query;
}

/** What `tableProductsPage` reads of a configuration and query, as a cache key (keep the two in step). */
export function productsPageKey(config: TableConfig, query: RenderQuery): string {
  const { pagination } = config.settings;
  return JSON.stringify([config.source, pagination.limit, config.settings.features.pagination, query]);
}

/** One page of a table's products for a visitor's query; `categoryIdsBySlug` resolves `product_cat`. */
export async function tableProductsPage(
  shop: ShopApi,
  config: TableConfig,
  query: RenderQuery,
  categoryIdsBySlug: (slugs: string[]) => Promise<number[]>,
) {
  const limit = config.settings.pagination.limit;
  const page = config.settings.features.pagination ? Math.max(1, query.paged ?? 1) : 1;
  const base = sourceQuery(config.source);
  if (!base) return { items: [], total: 0, page, limit };
  const search = query.s?.trim();
  const full: ProductQuery = { ...base, offset: (page - 1) * limit, limit };
  if (search) full.search = search;
  if (query.product_type) full.type = query.product_type;
  if (query.product_cat && query.product_cat.length > 0) {
    const wanted = await categoryIdsBySlug(query.product_cat);
    // A category table offers only its own categories, so the filter narrows the source's set.
    const ids = base.categoryIds ? wanted.filter((id) => base.categoryIds!.includes(id)) : wanted;
    if (ids.length === 0) return { items: [], total: 0, page, limit };
    full.categoryIds = ids;
  }
  if (query.product_tag && query.product_tag.length > 0) {
    const wanted = (await shop.getTagsBySlugs(query.product_tag)).map((t) => t.id);
    // As with categories, a source naming tags is narrowed to the visitor's tags among them.
    const ids = base.tagIds ? wanted.filter((id) => base.tagIds!.includes(id)) : wanted;
    if (ids.length === 0) return { items: [], total: 0, page, limit };
    full.tagIds = ids;
  }
  const { items, total } = await shop.searchProducts(full);
  return { items, total, page, limit };
}

/** Published products matching each source: one statement counts every distinct source (equal ones share it). */
export async function countSourceProducts(shop: ShopApi, sources: TableSource[]): Promise<number[]> {
  const keys = sources.map((source) => JSON.stringify(sourceQuery(source)));
  const unique = [...new Set(keys)].filter((key) => key !== 'null');
  const counts = await shop.countProducts(
    unique.map((key) => JSON.parse(key) as Omit<ProductQuery, 'offset' | 'limit'>),
  );
  const byKey = new Map(unique.map((key, i) => [key, counts[i]!]));
  return keys.map((key) => byKey.get(key) ?? 0);
}
