import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopAttribute } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import { StoreAttributeResponse, StoreTermResponse } from './attributes.schemas.js';
import { getAttribute, listAttributes, listTerms } from './attributes.service.js';
import { IdParams } from './catalog.schemas.js';
import { StoreTagResponse } from './tags.schemas.js';
import { listTags } from './tags.service.js';
import { setTermPageHeaders, TermListQuery, termFilterFrom } from './term-lists.js';

const AUTH = { access: 'public', nonce: 'never' } as const;
const TAGS = ['shop: store api'];

/** Store API `products/tags`, `products/attributes[/{id}]` and `products/attributes/{id}/terms`: public reads. */
export function registerStoreTaxonomyRoutes(app: RestApp, ctx: ShopContext): void {
  for (const prefix of ['/wc/store/v1', '/wc/store']) {
    app.get(
      `${prefix}/products/tags`,
      {
        config: { auth: AUTH },
        schema: {
          tags: TAGS,
          summary: 'List product tags (Store API).',
          querystring: TermListQuery,
          response: { 200: Type.Array(StoreTagResponse) },
        },
      },
      async (request, reply) => {
        const { tags, total } = await listTags(ctx, termFilterFrom(request.query, 'name'));
        setTermPageHeaders(request, reply, { total, query: request.query, publicUrl: ctx.config.publicUrl });
        return tags.map((tag) => ({
          ...tag,
          parent: 0,
          link: `${ctx.config.publicUrl}/product-tag/${tag.slug}/`,
        }));
      },
    );

    app.get(
      `${prefix}/products/attributes`,
      {
        config: { auth: AUTH },
        schema: {
          tags: TAGS,
          summary: 'List the global product attributes (Store API).',
          response: { 200: Type.Array(StoreAttributeResponse) },
        },
      },
      async () => (await listAttributes(ctx)).map(storeAttributeView),
    );

    app.get(
      `${prefix}/products/attributes/:id`,
      {
        config: { auth: AUTH },
        schema: {
          tags: TAGS,
          summary: 'Read a global product attribute (Store API).',
          params: IdParams,
          response: { 200: StoreAttributeResponse },
        },
      },
      async (request) => storeAttributeView(await getAttribute(ctx, request.params.id)),
    );

    app.get(
      `${prefix}/products/attributes/:id/terms`,
      {
        config: { auth: AUTH },
        schema: {
          tags: TAGS,
          summary: "List a global attribute's terms (Store API).",
          params: IdParams,
          querystring: TermListQuery,
          response: { 200: Type.Array(StoreTermResponse) },
        },
      },
      async (request, reply) => {
        const { terms, total } = await listTerms(
          ctx,
          request.params.id,
          termFilterFrom(request.query, 'name'),
        );
        setTermPageHeaders(request, reply, { total, query: request.query, publicUrl: ctx.config.publicUrl });
        return terms.map((t) => ({
          id: t.id,
          name: t.name,
          slug: t.slug,
          description: t.description,
          parent: 0,
          count: t.count,
        }));
      },
    );
  }
}

function storeAttributeView(attribute: ShopAttribute) {
  return {
    id: attribute.id,
    name: attribute.name,
    taxonomy: attribute.taxonomy,
    type: attribute.type,
    order: attribute.order_by,
    has_archives: attribute.has_archives,
    count: attribute.terms.length,
  };
}
