import type { ShopApi, ShopProduct } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import { listAttributesWithTerms } from './attributes.repository.js';
import { listCategoriesWithCounts } from './categories.repository.js';
import { currencyInfo, formatMoney, priceHtml } from './money.js';
import { ProductPrices } from './product-prices.js';
import { assembleProducts, loadProducts } from './product-records.js';
import {
  categoryParents,
  countCatalog,
  countProductRows,
  expandCategoryIds,
  expandWithin,
  searchProductRows,
} from './products.repository.js';
import { findTagsBySlugs } from './tags.repository.js';

/** Providers of Store API product `extensions` (namespace → provider). */
export type ProductExtensionRegistry = Map<
  string,
  (products: ShopProduct[]) => Promise<Record<number, unknown>>
>;

/** The catalog's ShopApi functions (products, categories, tags, attributes, money). */
export function catalogApi(ctx: ShopContext, productExtensions: ProductExtensionRegistry): Partial<ShopApi> {
  const currency = currencyInfo(ctx.config.currency);
  const prices = new ProductPrices(ctx.db, ctx.caches);
  return {
    currency,
    getProducts: (ids, db = ctx.db) => loadProducts(db, ids, ctx.config.publicUrl),
    getProductPrices: (ids, db) => prices.get(ids, db),
    async searchProducts(query) {
      const categoryIds = query.categoryIds ? await expandCategoryIds(ctx.db, query.categoryIds) : undefined;
      const { rows, total } = await searchProductRows(ctx.db, { ...query, categoryIds });
      return { items: await assembleProducts(ctx.db, rows, ctx.config.publicUrl), total };
    },
    async countProducts(queries) {
      const categories = queries.some((q) => q.categoryIds?.length) ? await categoryParents(ctx.db) : [];
      return countProductRows(
        ctx.db,
        queries.map((q) =>
          q.categoryIds ? { ...q, categoryIds: expandWithin(categories, q.categoryIds) } : q,
        ),
      );
    },
    listCategories: () => listCategoriesWithCounts(ctx.db),
    getTagsBySlugs: (slugs) => findTagsBySlugs(ctx.db, slugs),
    listAttributes: () => listAttributesWithTerms(ctx.db),
    catalogStats: (query) => countCatalog(ctx.db, query.onSaleOnly),
    formatMoney: (minor) => formatMoney(minor, currency.minorUnit),
    priceHtml: (product) => priceHtml(product, currency),
    registerProductExtension(namespace, provider) {
      productExtensions.set(namespace, provider);
    },
  };
}
