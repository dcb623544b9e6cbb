import { Type } from '@sinclair/typebox';
import { pageWindow, paginationQuery, setPaginationHeaders } from '../../platform/http/collection.js';
import { RestError } from '../../platform/http/errors.js';
import { registerBatchRoute } from '../../platform/http/batch.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { CategoryResponse, CategoryWriteBody, ForceQuery, IdParams } from './catalog.schemas.js';
import {
  changeCategory,
  createCategory,
  getCategory,
  listCategories,
  removeCategory,
} from './categories.service.js';
import { wcCategoryView } from './product-views.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: products'];

/** `wc/v3/products/categories`: category CRUD (`count` = published products directly in the category). */
export function registerCategoryRoutes(app: RestApp, ctx: ShopContext): void {
  registerBatchRoute(app, {
    url: '/wc/v3/products/categories/batch',
    collection: () => '/wc/v3/products/categories',
    auth: AUTH,
    tags: TAGS,
    summary: 'Create, update and delete up to 100 product categories in one request.',
  });
  app.get(
    '/wc/v3/products/categories',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List product categories (by name).',
        querystring: Type.Object({
          ...paginationQuery(10),
          search: Type.Optional(Type.String()),
          parent: Type.Optional(Type.Integer({ minimum: 0 })),
          hide_empty: Type.Optional(Type.Boolean()),
          slug: Type.Optional(Type.String()),
        }),
        response: { 200: Type.Array(CategoryResponse) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page: perPage = 10, search, parent, hide_empty: hideEmpty, slug } = request.query;
      // Categories are few (a shop has tens, not millions): filter the counted list in memory.
      const all = (await listCategories(ctx)).filter(
        (c) =>
          (search === undefined || c.name.toLowerCase().includes(search.toLowerCase())) &&
          (parent === undefined || c.parent === parent) &&
          (!hideEmpty || c.count > 0) &&
          (slug === undefined || c.slug === slug),
      );
      const { offset, limit } = pageWindow(page, perPage);
      setPaginationHeaders(request, reply, {
        total: all.length,
        page,
        perPage,
        publicUrl: ctx.config.publicUrl,
      });
      return all.slice(offset, offset + limit).map(wcCategoryView);
    },
  );

  app.post(
    '/wc/v3/products/categories',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Create a product category.',
        body: CategoryWriteBody,
        response: { 201: CategoryResponse },
      },
    },
    async (request, reply) => {
      const category = await createCategory(ctx, request.body);
      reply.code(201);
      return wcCategoryView(category);
    },
  );

  app.get(
    '/wc/v3/products/categories/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read a product category.',
        params: IdParams,
        response: { 200: CategoryResponse },
      },
    },
    async (request) => wcCategoryView(await getCategory(ctx, request.params.id)),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/products/categories/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Update a product category.',
        params: IdParams,
        body: CategoryWriteBody,
        response: { 200: CategoryResponse },
      },
      handler: async (request) => wcCategoryView(await changeCategory(ctx, request.params.id, request.body)),
    });

  app.delete(
    '/wc/v3/products/categories/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Delete a product category (`force=true` required, as WooCommerce: terms have no trash).',
        params: IdParams,
        querystring: ForceQuery,
        response: { 200: CategoryResponse },
      },
    },
    async (request) => {
      await getCategory(ctx, request.params.id);
      if (request.query.force !== true)
        throw new RestError(
          'woocommerce_rest_trash_not_supported',
          'Resource does not support trashing; set force=true to delete.',
          501,
        );
      return wcCategoryView(await removeCategory(ctx, request.params.id));
    },
  );
}
