import { Type } from '@sinclair/typebox';
import { registerBatchRoute } from '../../platform/http/batch.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopAttribute, ShopAttributeTerm } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import {
  AttributeIdParams,
  AttributeResponse,
  AttributeWriteBody,
  TermParams,
  TermResponse,
  TermWriteBody,
} from './attributes.schemas.js';
import {
  changeAttribute,
  changeTerm,
  createAttribute,
  createTerm,
  getAttribute,
  getTerm,
  listAttributes,
  listTerms,
  removeAttribute,
  removeTerm,
} from './attributes.service.js';
import { ForceQuery, IdParams } from './catalog.schemas.js';
import { trashNotSupported } from './tags.routes.js';
import { setTermPageHeaders, TermListQuery, termFilterFrom } from './term-lists.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: products'];

/** `wc/v3/products/attributes` and `…/attributes/{attribute_id}/terms`: global attributes, their terms, batches. */
export function registerAttributeRoutes(app: RestApp, ctx: ShopContext): void {
  registerBatchRoute(app, {
    url: '/wc/v3/products/attributes/batch',
    collection: () => '/wc/v3/products/attributes',
    auth: AUTH,
    tags: TAGS,
    summary: 'Create, update and delete up to 100 global product attributes in one request.',
  });
  registerBatchRoute(app, {
    url: '/wc/v3/products/attributes/:attribute_id/terms/batch',
    collection: (params) => `/wc/v3/products/attributes/${params.attribute_id}/terms`,
    params: AttributeIdParams,
    auth: AUTH,
    tags: TAGS,
    summary: "Create, update and delete up to 100 of an attribute's terms in one request.",
  });

  app.get(
    '/wc/v3/products/attributes',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List the global product attributes (all of them, by name, as WooCommerce).',
        response: { 200: Type.Array(AttributeResponse) },
      },
    },
    async () => (await listAttributes(ctx)).map(attributeView),
  );

  app.post(
    '/wc/v3/products/attributes',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Create a global product attribute.',
        body: AttributeWriteBody,
        response: { 201: AttributeResponse },
      },
    },
    async (request, reply) => {
      const attribute = await createAttribute(ctx, request.body);
      reply.code(201);
      return attributeView(attribute);
    },
  );

  app.get(
    '/wc/v3/products/attributes/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read a global product attribute.',
        params: IdParams,
        response: { 200: AttributeResponse },
      },
    },
    async (request) => attributeView(await getAttribute(ctx, request.params.id)),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/products/attributes/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Update a global product attribute (its products show the new name).',
        params: IdParams,
        body: AttributeWriteBody,
        response: { 200: AttributeResponse },
      },
      handler: async (request) => attributeView(await changeAttribute(ctx, request.params.id, request.body)),
    });

  app.delete(
    '/wc/v3/products/attributes/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Delete a global product attribute with its terms (`force=true` required).',
        params: IdParams,
        querystring: ForceQuery,
        response: { 200: AttributeResponse },
      },
    },
    async (request) => {
      await getAttribute(ctx, request.params.id);
      if (request.query.force !== true) throw trashNotSupported();
      return attributeView(await removeAttribute(ctx, request.params.id));
    },
  );

  app.get(
    '/wc/v3/products/attributes/:attribute_id/terms',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: "List an attribute's terms (by name unless `orderby` says otherwise).",
        params: AttributeIdParams,
        querystring: TermListQuery,
        response: { 200: Type.Array(TermResponse) },
      },
    },
    async (request, reply) => {
      const { terms, total } = await listTerms(
        ctx,
        request.params.attribute_id,
        termFilterFrom(request.query, 'name'),
      );
      setTermPageHeaders(request, reply, { total, query: request.query, publicUrl: ctx.config.publicUrl });
      return terms.map(termView);
    },
  );

  app.post(
    '/wc/v3/products/attributes/:attribute_id/terms',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Add a term to a global attribute.',
        params: AttributeIdParams,
        body: TermWriteBody,
        response: { 201: TermResponse },
      },
    },
    async (request, reply) => {
      const term = await createTerm(ctx, request.params.attribute_id, request.body);
      reply.code(201);
      return termView(term);
    },
  );

  app.get(
    '/wc/v3/products/attributes/:attribute_id/terms/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read a term of a global attribute.',
        params: TermParams,
        response: { 200: TermResponse },
      },
    },
    async (request) => termView(await getTerm(ctx, request.params.attribute_id, request.params.id)),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/products/attributes/:attribute_id/terms/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Update a term of a global attribute (its products show the new name).',
        params: TermParams,
        body: TermWriteBody,
        response: { 200: TermResponse },
      },
      handler: async (request) =>
        termView(await changeTerm(ctx, request.params.attribute_id, request.params.id, request.body)),
    });

  app.delete(
    '/wc/v3/products/attributes/:attribute_id/terms/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Delete a term of a global attribute (`force=true` required).',
        params: TermParams,
        querystring: ForceQuery,
        response: { 200: TermResponse },
      },
    },
    async (request) => {
      await getTerm(ctx, request.params.attribute_id, request.params.id);
      if (request.query.force !== true) throw trashNotSupported();
      return termView(await removeTerm(ctx, request.params.attribute_id, request.params.id));
    },
  );
}

/** An attribute in `wc/v3` shape (`slug` = `pa_<slug>`). */
export function attributeView(attribute: ShopAttribute) {
  return {
    id: attribute.id,
    name: attribute.name,
    slug: attribute.taxonomy,
    type: attribute.type,
    order_by: attribute.order_by,
    has_archives: attribute.has_archives,
  };
}

function termView(term: ShopAttributeTerm) {
  return {
    id: term.id,
    name: term.name,
    slug: term.slug,
    description: term.description,
    menu_order: term.menu_order,
    count: term.count,
  };
}
