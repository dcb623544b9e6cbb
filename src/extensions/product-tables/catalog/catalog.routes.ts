import { type Static, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_TOPICS } from '../../../platform/cache/topics.js';
import type { RestApp } from '../../../platform/http/server.js';
import { type ProductQuery, type ShopProduct, SHOP_TOPICS } from '../../../shop/shop-api.js';
import type { ExtensionContext } from '../../define-extension.js';
import { ADMIN_ROUTE, NS } from '../common/admin-policy.js';
import { type EncodedBody, encoded, sendJsonBytes } from '../../../platform/http/encoded-body.js';

const tags = ['producttables'];

/** The pickers' answers are made of the catalogue and its shown prices: replayed while those are unchanged. */
const CATALOG_ROUTE = {
  ...ADMIN_ROUTE,
  cache: { topics: [SHOP_TOPICS.catalog, SHOP_TOPICS.tax, PLATFORM_TOPICS.options] },
};

const ProductItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sku: Type.String(),
  price: Type.String({ description: 'Decimal price, e.g. `12.50`.' }),
  price_html: Type.String(),
  image: Type.Union([Type.String(), Type.Literal(false)], { description: 'First image URL, or false.' }),
  type: Type.String(),
  stock_status: Type.String(),
});

/** `GET /products`, `GET /categories`, `GET /source-stats` (the wizard's pickers and counts). */
export function registerCatalogRoutes(app: RestApp, ctx: ExtensionContext): void {
  app.get(
    `${NS}/products`,
    {
      config: CATALOG_ROUTE,
      schema: {
        tags,
        summary:
          'Published products by exact id (include), SKU (exact or prefix) or name (every word, case-insensitive).',
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 200 })),
          include: Type.Optional(Type.Integer({ minimum: 1 })),
          sku: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
          page: Type.Integer({ minimum: 1, default: 1 }),
        }),
        response: { 200: Type.Array(ProductItemSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await searchProductItems(ctx, request.query);
      return sendSearch(request, reply, { body: encoded(JSON.stringify(items)), total }, request.query.limit);
    },
  );

  app.get(
    `${NS}/categories`,
    {
      config: CATALOG_ROUTE,
      schema: {
        tags,
        summary: 'Every product category with its published-product count.',
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.Integer(),
              name: Type.String(),
              count: Type.Integer(),
              slug: Type.String(),
            }),
          ),
        },
      },
    },
    async () =>
      (await ctx.shop.listCategories()).map((c) => ({
        id: c.id,
        name: c.name,
        count: c.count,
        slug: c.slug,
      })),
  );

  app.get(
    `${NS}/source-stats`,
    {
      config: CATALOG_ROUTE,
      schema: {
        tags,
        summary: 'Published products of a source (variations not counted) and how many categories hold them.',
        querystring: Type.Object({
          type: Type.Unsafe<'all' | 'sale'>({ type: 'string', enum: ['all', 'sale'], default: 'all' }),
        }),
        response: { 200: Type.Object({ categories: Type.Integer(), products: Type.Integer() }) },
      },
    },
    async (request) => ctx.shop.catalogStats({ onSaleOnly: request.query.type === 'sale' }),
  );
}

type ProductItem = Static<typeof ProductItemSchema>;

/** Sends a search's items with its totals headers. */
function sendSearch(
  request: FastifyRequest,
  reply: FastifyReply,
  found: { body: EncodedBody; total: number },
  limit: number,
): FastifyReply {
  reply
    .header('X-WP-Total', String(found.total))
    .header('X-WP-TotalPages', String(Math.ceil(found.total / limit)));
  return sendJsonBytes(request, reply, found.body);
}

/** The picker's search: one exact id, else SKU exact-or-prefix, else every word of the name, else newest. */
async function searchProductItems(
  ctx: ExtensionContext,
  q: { search?: string; include?: number; sku?: string; limit: number; page: number },
): Promise<{ items: ProductItem[]; total: number }> {
  const query: ProductQuery = { status: 'publish', offset: (q.page - 1) * q.limit, limit: q.limit };
  if (q.include !== undefined) query.include = [q.include];
  else if (q.sku !== undefined)
    Object.assign(query, { sku: q.sku.trim(), skuPrefix: true, orderBy: 'title', order: 'asc' });
  else if (q.search?.trim())
    Object.assign(query, { search: q.search.trim(), orderBy: 'title', order: 'asc' });
  else Object.assign(query, { orderBy: 'date', order: 'desc' });
  const { items, total } = await ctx.shop.searchProducts(query);
  const shown = await ctx.shop.pricesForShopDisplay(items);
  return { items: shown.map((p) => productItem(ctx, p)), total };
}

function productItem(ctx: ExtensionContext, product: ShopProduct): ProductItem {
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    price: ctx.shop.formatMoney(product.price),
    price_html: ctx.shop.priceHtml(product),
    image: product.images[0]?.src ?? (false as const),
    type: product.type,
    stock_status: product.stock_status,
  };
}
