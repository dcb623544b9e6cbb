import { Type } from '@sinclair/typebox';
import { pageWindow, setPaginationHeaders } from '../../platform/http/collection.js';
import { NotFoundError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ProductQuery } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import type { ProductExtensionRegistry } from './catalog.api.js';
import { IdParams, StoreProductListQuery, StoreProductResponse } from './catalog.schemas.js';
import { assembleProducts, type CatalogProduct, loadProducts } from './product-records.js';
import { idList } from './id-list.js';
import { storeProductView } from './product-views.js';
import { categoriesWithDescendants, productRowsPage } from './product-search.service.js';
import { storeTaxonomyFilter } from './taxonomy-filters.js';
import { productAttributeTerms } from './product-terms.service.js';

const AUTH = { access: 'public', nonce: 'never' } as const;
const TAGS = ['shop: store api'];

/** `wc/store/v1/products[/id]`: public reads of published products, with extension data. */
export function registerStoreProductRoutes(
  app: RestApp,
  ctx: ShopContext,
  extensions: ProductExtensionRegistry,
): void {
  const views = async (products: CatalogProduct[]) => {
    // One failing extension leaves its namespace out instead of breaking the storefront.
    const byNamespace = await Promise.all(
      [...extensions].map(async ([namespace, provider]) => {
        try {
          return [namespace, await provider(products)] as const;
        } catch (error) {
          ctx.logger.error({ err: error, namespace }, 'product extension provider failed');
          return [namespace, {} as Record<number, unknown>] as const;
        }
      }),
    );
    const terms = await productAttributeTerms(
      ctx.db,
      products.map((p) => p.id),
    );
    return products.map((product) => {
      const data: Record<string, unknown> = {};
      for (const [namespace, values] of byNamespace)
        if (values[product.id] !== undefined) data[namespace] = values[product.id];
      return storeProductView(product, ctx.shop.currency, {
        publicUrl: ctx.config.publicUrl,
        extensions: data,
        terms: terms.get(product.id),
      });
    });
  };

  for (const prefix of ['/wc/store/v1', '/wc/store']) {
    app.get(
      `${prefix}/products`,
      {
        config: { auth: AUTH },
        schema: {
          tags: TAGS,
          summary: 'List published products (Store API).',
          querystring: StoreProductListQuery,
          response: { 200: Type.Array(StoreProductResponse) },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const { page = 1, per_page: perPage = 10 } = q;
        const categoryIds = idList(q.category);
        const query: ProductQuery = {
          search: q.search,
          sku: q.sku,
          include: idList(q.include),
          exclude: idList(q.exclude),
          status: 'publish',
          type: q.type,
          categoryIds: categoryIds ? await categoriesWithDescendants(ctx.db, categoryIds) : undefined,
          ...(await storeTaxonomyFilter(ctx.db, q as Record<string, unknown>)),
          onSale: q.on_sale,
          orderBy: (q.orderby ?? 'date') as ProductQuery['orderBy'],
          order: q.order ?? 'desc',
          ...pageWindow(page, perPage),
        };
        const { rows, total } = await productRowsPage(ctx.db, { ...query, stockStatuses: q.stock_status });
        setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
        return views(await assembleProducts(ctx.db, rows, ctx.config.publicUrl));
      },
    );

    app.get(
      `${prefix}/products/:id`,
      {
        config: { auth: AUTH },
        schema: {
          tags: TAGS,
          summary: 'Read one published product (Store API).',
          params: IdParams,
          response: { 200: StoreProductResponse },
        },
      },
      async (request) => {
        const [product] = await loadProducts(ctx.db, [request.params.id], ctx.config.publicUrl);
        if (product?.status !== 'publish')
          throw new NotFoundError('woocommerce_rest_product_invalid_id', 'Invalid product ID.');
        const [view] = await views([product]);
        return view!;
      },
    );
  }
}
