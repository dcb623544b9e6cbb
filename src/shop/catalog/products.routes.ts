import { Type } from '@sinclair/typebox';
import { pageWindow, paginationQuery, setPaginationHeaders } from '../../platform/http/collection.js';
import { RestError } from '../../platform/http/errors.js';
import { registerBatchRoute } from '../../platform/http/batch.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ProductQuery, ProductStatus } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import {
  ForceQuery,
  IdParams,
  ProductListQuery,
  ProductResponse,
  ProductWriteBody,
  VariationParams,
  VariationResponse,
  VariationWriteBody,
} from './catalog.schemas.js';
import { loadProducts } from './product-records.js';
import { idList } from './id-list.js';
import { productInputFromBody, variationInputFromBody } from './product-input.js';
import { wcProductView, wcVariationView } from './product-views.js';
import { categoriesWithDescendants, productRowsPage } from './product-search.service.js';
import {
  createProduct,
  createVariation,
  deleteProduct,
  deleteVariation,
  getVariation,
  listVariations,
  requireProductRow,
  updateProduct,
  updateVariation,
} from './products.service.js';
import { assembleProducts } from './product-records.js';
import { wcTaxonomyFilter } from './taxonomy-filters.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: products'];
const ProductIdParams = Type.Object({ product_id: Type.Integer({ minimum: 1 }) });

/** `wc/v3/products` and `wc/v3/products/{id}/variations`: catalog management for shop managers. */
export function registerProductRoutes(app: RestApp, ctx: ShopContext): void {
  registerBatchRoute(app, {
    url: '/wc/v3/products/batch',
    collection: () => '/wc/v3/products',
    auth: AUTH,
    tags: TAGS,
    summary: 'Create, update and delete up to 100 products in one request.',
  });
  registerBatchRoute(app, {
    url: '/wc/v3/products/:product_id/variations/batch',
    collection: (params) => `/wc/v3/products/${params.product_id}/variations`,
    params: Type.Object({ product_id: Type.Integer({ minimum: 1 }) }),
    auth: AUTH,
    tags: TAGS,
    summary: "Create, update and delete up to 100 of a product's variations in one request.",
  });
  const currency = () => ctx.shop.currency;

  app.get(
    '/wc/v3/products',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List products (any status unless `status` is given), with WooCommerce filters.',
        querystring: ProductListQuery,
        response: { 200: Type.Array(ProductResponse) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { page = 1, per_page: perPage = 10 } = q;
      const window = pageWindow(page, perPage);
      const skus = q.sku
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const categoryIds = idList(q.category);
      const query: ProductQuery = {
        search: q.search,
        include: idList(q.include),
        exclude: idList(q.exclude),
        status: q.status && q.status !== 'any' ? (q.status as ProductStatus) : undefined,
        type: q.type,
        categoryIds: categoryIds ? await categoriesWithDescendants(ctx.db, categoryIds) : undefined,
        ...(await wcTaxonomyFilter(ctx.db, {
          tag: q.tag,
          attribute: q.attribute,
          attribute_term: q.attribute_term,
        })),
        onSale: q.on_sale,
        stockStatus: q.stock_status,
        orderBy: (q.orderby ?? 'date') as ProductQuery['orderBy'],
        order: q.order ?? 'desc',
        offset: window.offset + (q.offset ?? 0),
        limit: window.limit,
      };
      const { rows, total } = await productRowsPage(ctx.db, { ...query, skus });
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
      const products = await assembleProducts(ctx.db, rows, ctx.config.publicUrl);
      return products.map((p) => wcProductView(p, currency()));
    },
  );

  app.post(
    '/wc/v3/products',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Create a product.',
        body: ProductWriteBody,
        response: { 201: ProductResponse },
      },
    },
    async (request, reply) => {
      const product = await createProduct(ctx, productInputFromBody(request.body, currency().minorUnit));
      reply.code(201);
      return wcProductView(product, currency());
    },
  );

  app.get(
    '/wc/v3/products/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read a product.',
        params: IdParams,
        response: { 200: ProductResponse },
      },
    },
    async (request) => {
      await requireProductRow(ctx.db, request.params.id);
      const [product] = await loadProducts(ctx.db, [request.params.id], ctx.config.publicUrl);
      return wcProductView(product!, currency());
    },
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/products/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Update a product.',
        params: IdParams,
        body: ProductWriteBody,
        response: { 200: ProductResponse },
      },
      handler: async (request) => {
        const product = await updateProduct(
          ctx,
          request.params.id,
          productInputFromBody(request.body, currency().minorUnit),
        );
        return wcProductView(product, currency());
      },
    });

  app.delete(
    '/wc/v3/products/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Delete a product and its variations (`force=true` required: there is no trash).',
        params: IdParams,
        querystring: ForceQuery,
        response: { 200: ProductResponse },
      },
    },
    async (request) => {
      await requireProductRow(ctx.db, request.params.id);
      if (request.query.force !== true) throw trashNotSupported();
      return wcProductView(await deleteProduct(ctx, request.params.id), currency());
    },
  );

  app.get(
    '/wc/v3/products/:product_id/variations',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List the variations of a variable product.',
        params: ProductIdParams,
        querystring: Type.Object({ ...paginationQuery(10) }),
        response: { 200: Type.Array(VariationResponse) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page: perPage = 10 } = request.query;
      const all = await listVariations(ctx, request.params.product_id);
      const { offset, limit } = pageWindow(page, perPage);
      setPaginationHeaders(request, reply, {
        total: all.length,
        page,
        perPage,
        publicUrl: ctx.config.publicUrl,
      });
      const permalink = await productPermalink(request.params.product_id);
      return all.slice(offset, offset + limit).map((v) => wcVariationView(v, currency(), permalink));
    },
  );

  app.post(
    '/wc/v3/products/:product_id/variations',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Add a variation to a variable product.',
        params: ProductIdParams,
        body: VariationWriteBody,
        response: { 201: VariationResponse },
      },
    },
    async (request, reply) => {
      const variation = await createVariation(
        ctx,
        request.params.product_id,
        variationInputFromBody(request.body, currency().minorUnit),
      );
      reply.code(201);
      return wcVariationView(variation, currency(), await productPermalink(request.params.product_id));
    },
  );

  app.get(
    '/wc/v3/products/:product_id/variations/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read a variation.',
        params: VariationParams,
        response: { 200: VariationResponse },
      },
    },
    async (request) => {
      const variation = await getVariation(ctx, request.params.product_id, request.params.id);
      return wcVariationView(variation, currency(), await productPermalink(request.params.product_id));
    },
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/products/:product_id/variations/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Update a variation.',
        params: VariationParams,
        body: VariationWriteBody,
        response: { 200: VariationResponse },
      },
      handler: async (request) => {
        const variation = await updateVariation(
          ctx,
          request.params.product_id,
          request.params.id,
          variationInputFromBody(request.body, currency().minorUnit),
        );
        return wcVariationView(variation, currency(), await productPermalink(request.params.product_id));
      },
    });

  app.delete(
    '/wc/v3/products/:product_id/variations/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Delete a variation (`force=true` required).',
        params: VariationParams,
        querystring: ForceQuery,
        response: { 200: VariationResponse },
      },
    },
    async (request) => {
      await getVariation(ctx, request.params.product_id, request.params.id);
      if (request.query.force !== true) throw trashNotSupported();
      const permalink = await productPermalink(request.params.product_id);
      return wcVariationView(
        await deleteVariation(ctx, request.params.product_id, request.params.id),
        currency(),
        permalink,
      );
    },
  );

  async function productPermalink(productId: number): Promise<string> {
    const row = await requireProductRow(ctx.db, productId);
    return `${ctx.config.publicUrl}/product/${row.slug}/`;
  }
}

function trashNotSupported(): RestError {
  return new RestError(
    'woocommerce_rest_trash_not_supported',
    'Products do not support trashing; set force=true to delete.',
    501,
  );
}
