import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';
import { invalid, NotFoundError } from '../../../platform/http/errors.js';
import type { ExtensionContext } from '../../define-extension.js';
import { ADMIN_ROUTE, NS } from '../common/admin-policy.js';
import { encoded, sendJsonBytes } from '../../../platform/http/encoded-body.js';
import type { ResponseCacheConfig } from '../../../platform/http/response-cache.js';
import { TableConfigInputSchema } from '../config/table-config.schemas.js';
import { type PreviewInput, previewBody } from './preview.service.js';
import { cachedSettings, cachedTable, renderTable, STOREFRONT_TOPICS } from './render.service.js';
import { categorySlugs, renderQueryFrom } from './render-query.js';

const ConfigWithId = Type.Object(
  { id: Type.Optional(Type.Integer({ minimum: 1 })), ...TableConfigInputSchema.properties },
  { additionalProperties: false },
);

/** `POST /preview` (admin) and the public `GET /render/{id}` used by the storefront script. */
export function registerStorefrontRoutes(app: RestApp, ctx: ExtensionContext): void {
  // Renderings are replayed as long as the render cache keeps them (`render_cache_seconds`).
  const renderCache: ResponseCacheConfig = {
    topics: STOREFRONT_TOPICS,
    maxAgeMs: async () => (await cachedSettings(ctx)).render_cache_seconds * 1000,
  };
  app.post(
    `${NS}/preview`,
    {
      config: { ...ADMIN_ROUTE, cache: renderCache },
      schema: {
        tags: ['producttables'],
        summary:
          'Renders a configuration (or `{data: configuration}`) exactly as the storefront would, any status.',
        body: Type.Object(
          { data: Type.Optional(ConfigWithId), ...ConfigWithId.properties },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            html: Type.String(),
            css: Type.String({ description: 'The scoped CSS of the table (also inside html).' }),
            css_urls: Type.Array(Type.String(), { description: 'The storefront stylesheet.' }),
          }),
        },
      },
    },
    async (request, reply) => {
      const { data, ...bare } = request.body as PreviewInput & { data?: PreviewInput };
      if (data !== undefined && Object.keys(bare).length > 0)
        throw invalid(
          'data',
          'exclusive',
          'data is exclusive: send either a configuration or {data: configuration}, not both.',
        );
      const input = data ?? bare;
      return sendJsonBytes(request, reply, await previewBody(ctx, input, data ? 'data' : 'body'));
    },
  );

  app.get(
    `${NS}/render/:id`,
    {
      config: { auth: { access: 'public', nonce: 'never' }, cache: renderCache },
      schema: {
        tags: ['producttables'],
        summary: "A published table's rows and pagination for a visitor's search, filters and page (public).",
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        querystring: Type.Object({
          s: Type.Optional(Type.String({ maxLength: 200 })),
          paged: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
          product_cat: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 })),
          product_tag: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 })),
          product_type: Type.Optional(
            Type.Unsafe<string>({ type: 'string', enum: ['', 'simple', 'variable', 'grouped', 'external'] }),
          ),
          page_url: Type.Optional(Type.String({ maxLength: 500, pattern: '^/(?!/)' })),
        }),
        response: {
          200: Type.Object({
            html: Type.String({ description: 'The `<tbody>` rows.' }),
            pagination: Type.String(),
            total: Type.Integer(),
            page: Type.Integer(),
            total_pages: Type.Integer(),
          }),
        },
      },
    },
    async (request, reply) => {
      const table = await cachedTable(ctx, request.params.id);
      if (table?.status !== 'publish')
        throw new NotFoundError(
          'producttables_not_found',
          `No published product table with id ${request.params.id}.`,
        );
      const q = request.query;
      const rendered = await renderTable(ctx, {
        id: table.id,
        config: table,
        version: table.modified_at,
        query: renderQueryFrom({
          ...q,
          product_cat: categorySlugs(q.product_cat),
          product_tag: categorySlugs(q.product_tag),
        }),
        pageUrl: q.page_url ?? `/product-table/${table.id}`,
      });
      // The JSON of a cached rendering is reused too (it is the bulk of the work for 100-row pages).
      rendered.jsonBody ??= encoded(
        JSON.stringify({
          html: rendered.rows,
          pagination: rendered.pagination,
          total: rendered.total,
          page: rendered.page,
          total_pages: rendered.totalPages,
        }),
      );
      reply.header('Cache-Control', 'public, max-age=0, must-revalidate');
      return sendJsonBytes(request, reply, rendered.jsonBody);
    },
  );
}
