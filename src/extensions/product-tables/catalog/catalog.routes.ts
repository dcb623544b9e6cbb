import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';
import type { ProductQuery, ShopProduct } from '../../../shop/shop-api.js';
import type { ExtensionContext } from '../../define-extension.js';
import { ADMIN_ROUTE, NS } from '../admin-policy.js';

const tags = ['producttables'];

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
      config: ADMIN_ROUTE,
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
      const { search, include, sku, limit, page } = request.query;
      const query: ProductQuery = { status: 'publish', offset: (page - 1) * limit, limit };
      if (include !== undefined) query.include = [include];
      else if (sku !== undefined)
        Object.assign(query, { sku: sku.trim(), skuPrefix: true, orderBy: 'title', order: 'asc' });
      else if (search?.trim())
        Object.assign(query, { search: search.trim(), orderBy: 'title', order: 'asc' });
      else Object.assign(query, { orderBy: 'date', order: 'desc' });
      const { items, total } = await ctx.shop.searchProducts(query);
      reply.header('X-WP-Total', String(total)).header('X-WP-TotalPages', String(Math.ceil(total / limit)));
      return items.map((p) => productItem(ctx, p));
    },
  );

  app.get(
    `${NS}/categories`,
    {
      config: ADMIN_ROUTE,
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
      config: ADMIN_ROUTE,
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

function productItem(ctx: ExtensionContext, product: ShopProduct) {
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
