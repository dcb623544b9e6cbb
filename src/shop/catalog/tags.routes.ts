import { Type } from '@sinclair/typebox';
import { RestError } from '../../platform/http/errors.js';
import { registerBatchRoute } from '../../platform/http/batch.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopTag } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import { ForceQuery, IdParams } from './catalog.schemas.js';
import { TagResponse, TagWriteBody } from './tags.schemas.js';
import { changeTag, createTag, getTag, listTags, removeTag } from './tags.service.js';
import { setTermPageHeaders, TermListQuery, termFilterFrom } from './term-lists.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: products'];

/** `wc/v3/products/tags`: tag CRUD and batch (`count` = published products carrying the tag). */
export function registerTagRoutes(app: RestApp, ctx: ShopContext): void {
  registerBatchRoute(app, {
    url: '/wc/v3/products/tags/batch',
    collection: () => '/wc/v3/products/tags',
    auth: AUTH,
    tags: TAGS,
    summary: 'Create, update and delete up to 100 product tags in one request.',
  });

  app.get(
    '/wc/v3/products/tags',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List product tags (by name unless `orderby` says otherwise).',
        querystring: TermListQuery,
        response: { 200: Type.Array(TagResponse) },
      },
    },
    async (request, reply) => {
      const { tags, total } = await listTags(ctx, termFilterFrom(request.query, 'name'));
      setTermPageHeaders(request, reply, { total, query: request.query, publicUrl: ctx.config.publicUrl });
      return tags.map(tagView);
    },
  );

  app.post(
    '/wc/v3/products/tags',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Create a product tag.',
        body: TagWriteBody,
        response: { 201: TagResponse },
      },
    },
    async (request, reply) => {
      const tag = await createTag(ctx, request.body);
      reply.code(201);
      return tagView(tag);
    },
  );

  app.get(
    '/wc/v3/products/tags/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read a product tag.',
        params: IdParams,
        response: { 200: TagResponse },
      },
    },
    async (request) => tagView(await getTag(ctx, request.params.id)),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/products/tags/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Update a product tag.',
        params: IdParams,
        body: TagWriteBody,
        response: { 200: TagResponse },
      },
      handler: async (request) => tagView(await changeTag(ctx, request.params.id, request.body)),
    });

  app.delete(
    '/wc/v3/products/tags/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Delete a product tag (`force=true` required, as WooCommerce: terms have no trash).',
        params: IdParams,
        querystring: ForceQuery,
        response: { 200: TagResponse },
      },
    },
    async (request) => {
      await getTag(ctx, request.params.id);
      if (request.query.force !== true) throw trashNotSupported();
      return tagView(await removeTag(ctx, request.params.id));
    },
  );
}

/** 501 `woocommerce_rest_trash_not_supported`: terms are deleted only with `force=true`. */
export function trashNotSupported(): RestError {
  return new RestError(
    'woocommerce_rest_trash_not_supported',
    'Resource does not support trashing; set force=true to delete.',
    501,
  );
}

function tagView(tag: ShopTag) {
  return { id: tag.id, name: tag.name, slug: tag.slug, description: tag.description, count: tag.count };
}
