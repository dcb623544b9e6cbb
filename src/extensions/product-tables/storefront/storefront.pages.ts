import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';
import type { ExtensionContext } from '../../define-extension.js';
import { ASSETS, assetUrl } from './assets.js';
import { esc } from './escape.js';
import { sendEncoded } from '../../../platform/http/encoded-body.js';
import { renderQueryFrom } from './render-query.js';
import { cachedTable, renderTable, visitorParts } from './render.service.js';
import { renderOne } from './shortcodes.js';
import { visitorSegment } from './table-markup.js';

const HTML = 'text/html; charset=utf-8';
const CSP =
  "default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'";

/** The public page of a table (`/product-table/{id}`) and the storefront's stylesheet and script. */
export function registerStorefrontPages(app: RestApp, ctx: ExtensionContext): void {
  app.get(
    '/product-table/:id',
    {
      config: { auth: { access: 'public', nonce: 'never' } },
      schema: { hide: true, params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,10}$' }) }) },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      const table = await cachedTable(ctx, id);
      const viewer = request.principal;
      const pageUrl = `/product-table/${id}`;
      reply
        .header('Content-Type', HTML)
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Security-Policy', CSP)
        .header('X-Content-Type-Options', 'nosniff');
      if (table?.status === 'publish') {
        const query = renderQueryFrom(request.query as Record<string, unknown>);
        const [rendered, visitor] = await Promise.all([
          renderTable(ctx, { id, config: table, version: table.modified_at, query, pageUrl }),
          visitorParts(ctx, id, viewer),
        ]);
        // The rows (tail) are encoded once per cached rendering; only the visitor's part is new per request,
        // and visitors without a cart share one page per nonce tick. (Not replayed: the page holds the visitor's
        // cart and Store API nonce, which are not cache topics.)
        const anonymous = visitor.cart.length === 0;
        if (anonymous && rendered.anonymousPage?.nonce === visitor.storeNonce)
          return sendEncoded(request, reply, rendered.anonymousPage.body, HTML);
        rendered.tailBytes ??= Buffer.from(rendered.tail);
        const bytes = Buffer.concat([
          Buffer.from(pageStart(table.title) + rendered.head + visitorSegment(visitor)),
          rendered.tailBytes,
          Buffer.from(PAGE_END),
        ]);
        if (!anonymous) return reply.send(bytes);
        rendered.anonymousPage = { nonce: visitor.storeNonce, body: { bytes } };
        return sendEncoded(request, reply, rendered.anonymousPage.body, HTML);
      }
      const notice = await renderOne(ctx, id, table ?? undefined, { viewer, query: {}, pageUrl });
      if (notice === '')
        return reply.code(404).send(page('Not found', '<p>This product table does not exist.</p>'));
      return reply.send(page(`Product table #${id}`, notice));
    },
  );

  for (const asset of Object.values(ASSETS)) {
    app.get(
      asset.path,
      { config: { auth: { access: 'public', nonce: 'never' } }, schema: { hide: true } },
      async (request, reply) => {
        const versioned = (request.query as { v?: string }).v === asset.version;
        reply
          .header('Content-Type', asset.type)
          .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
          .header('ETag', `"${asset.version}"`)
          .header('X-Content-Type-Options', 'nosniff');
        if (request.headers['if-none-match'] === `"${asset.version}"`) return reply.code(304).send();
        return reply.send(asset.body);
      },
    );
  }
}

const PAGE_END = `</main><script src="${assetUrl('js')}" defer></script></body></html>`;

function pageStart(title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><link rel="stylesheet" href="${assetUrl('css')}"></head><body><main class="producttables-page" style="max-width:1200px;margin:0 auto;padding:16px;font-family:system-ui,sans-serif"><h1>${esc(title)}</h1>`;
}

function page(title: string, body: string): string {
  return `${pageStart(title)}${body}${PAGE_END}`;
}
