import { Type } from '@sinclair/typebox';
import { html, trustedHtml } from '../../../platform/http/html.js';
import type { RestApp } from '../../../platform/http/server.js';
import type { ExtensionContext } from '../../define-extension.js';
import { STYLESHEET, stylesheetUrl, TABLE_ISLAND } from './assets.js';
import { sendEncoded } from '../../../platform/http/encoded-body.js';
import { renderQueryFrom } from './render-query.js';
import { cachedTable, renderTable, visitorParts } from './render.service.js';
import { renderOne } from './shortcodes.js';
import { visitorSegment } from './table-markup.js';

const HTML = 'text/html; charset=utf-8';
/** The table's stylesheet, in the head of the shop's layout. */
const TABLE_HEAD = html`<link rel="stylesheet" href="${stylesheetUrl()}">`;

/** The public page of a table (`/product-table/{id}`, in the shop's layout, with its island) and its stylesheet. */
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
      if (table?.status === 'publish') {
        const query = renderQueryFrom(request.query as Record<string, unknown>);
        const [rendered, visitor, frame] = await Promise.all([
          renderTable(ctx, { id, config: table, version: table.modified_at, query, pageUrl }),
          visitorParts(ctx, id, viewer),
          ctx.shop.storefrontFrame(request, {
            title: table.title,
            head: TABLE_HEAD,
            scripts: [TABLE_ISLAND],
          }),
        ]);
        reply.headers(frame.headers);
        const start = html`${frame.start}<div class="producttables-page"><h1>${table.title}</h1>`.text;
        const end = html`</div>${frame.end}`.text;
        // The rows (tail) are encoded once per cached rendering; only the visitor's part and the shop's frame are
        // new per request, and visitors without a cart share one page while both stay the same (the frame holds
        // the same Store API nonce). Not replayed: the page holds the visitor's cart and nonce, not cache topics.
        const anonymous = visitor.cart.length === 0;
        const shared = rendered.anonymousPage;
        if (anonymous && shared?.nonce === visitor.storeNonce && shared.start === start && shared.end === end)
          return sendEncoded(request, reply, shared.body, HTML);
        rendered.tailBytes ??= Buffer.from(rendered.tail);
        const bytes = Buffer.concat([
          Buffer.from(start + rendered.head + visitorSegment(visitor)),
          rendered.tailBytes,
          Buffer.from(end),
        ]);
        if (!anonymous) return reply.type(HTML).send(bytes);
        rendered.anonymousPage = { nonce: visitor.storeNonce, start, end, body: { bytes } };
        return sendEncoded(request, reply, rendered.anonymousPage.body, HTML);
      }
      const notice = await renderOne(ctx, id, table ?? undefined, { viewer, query: {}, pageUrl });
      if (notice === '')
        return ctx.shop.sendStorefrontPage(request, reply, {
          title: 'Not found',
          status: 404,
          body: html`<h1>Not found</h1><p>This product table does not exist. <a href="/shop/">Back to the shop</a></p>`,
        });
      // The notice is the extension's own markup (escaped where it holds data), for administrators only.
      return ctx.shop.sendStorefrontPage(request, reply, {
        title: `Product table #${id}`,
        body: html`<h1>Product table #${id}</h1>${trustedHtml(notice)}`,
      });
    },
  );

  app.get(
    STYLESHEET.path,
    { config: { auth: { access: 'public', nonce: 'never' } }, schema: { hide: true } },
    async (request, reply) => {
      const versioned = (request.query as { v?: string }).v === STYLESHEET.version;
      reply
        .header('Content-Type', STYLESHEET.type)
        .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .header('ETag', `"${STYLESHEET.version}"`)
        .header('X-Content-Type-Options', 'nosniff');
      if (request.headers['if-none-match'] === `"${STYLESHEET.version}"`) return reply.code(304).send();
      return reply.send(STYLESHEET.body);
    },
  );
}
