import type { FastifyReply, FastifyRequest } from 'fastify';
import { html, trustedHtml } from '../../../platform/http/html.js';
import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { hitClientLimit } from '../common/client-rate-limit.js';
import { restoredCheckoutUrl } from './restore-report.js';
import { restoreFromLink } from './restore.service.js';
import { unsubscribeFromLink } from './unsubscribe.service.js';

/**
 * The e-mail links on any front-end URL (not under /wp-json): `?cartrecovery_restore=` (GET) redirects to
 * checkout (`cartrecovery_restored=1` and what changed, see restore-report.ts) or home with
 * `cartrecovery_restore_error`; `?cartrecovery_unsubscribe=` (GET, or POST for RFC 8058 one-click) suppresses and
 * answers with a confirmation page in the shop's layout. A root-level onRequest hook, so they work whatever page
 * the link points at.
 */
export function registerLinkPages(app: RestApp, cr: CartRecovery): void {
  // Callback-style: every front-end request passes here, and almost none carries a link.
  app.addHook('onRequest', (request, reply, done) => {
    const query = request.url.startsWith('/wp-json') ? undefined : (request.query as Record<string, unknown>);
    const restore = query?.cartrecovery_restore;
    const unsubscribe = query?.cartrecovery_unsubscribe;
    if (typeof restore === 'string' && (request.method === 'GET' || request.method === 'HEAD')) {
      handleRestore(cr, request, reply, restore).catch(done); // answers the request itself
    } else if (typeof unsubscribe === 'string' && ['GET', 'HEAD', 'POST'].includes(request.method)) {
      handleUnsubscribe(cr, request, reply, unsubscribe).catch(done);
    } else {
      done();
    }
  });
}

async function handleRestore(cr: CartRecovery, request: FastifyRequest, reply: FastifyReply, token: string) {
  const { config } = cr.ctx;
  const home = (error: string) => `${config.publicUrl}/?cartrecovery_restore_error=${error}`;
  reply.header('Cache-Control', 'no-store');
  reply.header('Referrer-Policy', 'no-referrer');
  const limit = await hitClientLimit(cr, request, 'restore');
  if (!limit.allowed) return reply.redirect(home('rate_limited'), 302);
  const outcome = await restoreFromLink(cr, request, reply, token);
  return reply.redirect(
    outcome.ok ? restoredCheckoutUrl(config.checkoutUrl, config.secret, outcome.report) : home(outcome.error),
    302,
  );
}

async function handleUnsubscribe(
  cr: CartRecovery,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  // The page's header shows the visitor's cart: identify them (this hook runs before any route's own auth).
  await cr.ctx.auth.principalOf(request, reply);
  const limit = await hitClientLimit(cr, request, 'unsubscribe');
  if (!limit.allowed) {
    reply.header('Retry-After', String(limit.retryAfterSeconds));
    return page(cr, request, reply, {
      status: 429,
      title: 'Please try again later',
      message: 'Too many requests came from your address. Please try again in a few minutes.',
    });
  }
  const outcome = await unsubscribeFromLink(cr, token);
  if (outcome === 'invalid') {
    return page(cr, request, reply, {
      status: 404,
      title: 'Link not recognised',
      message:
        'This unsubscribe link is not valid. If you keep receiving cart reminders, reply to one of them.',
    });
  }
  const site = (await cr.settings.get()).site_title;
  return page(cr, request, reply, {
    status: 200,
    title: 'You are unsubscribed',
    message: `${site} will not send you any more cart reminders.`,
  });
}

// The link's token is in the URL: keep it out of search engines and out of the Referer of the page's links.
const LINK_PAGE_HEAD = trustedHtml(
  '<meta name="robots" content="noindex">\n<meta name="referrer" content="no-referrer">',
);

function page(
  cr: CartRecovery,
  request: FastifyRequest,
  reply: FastifyReply,
  content: { status: number; title: string; message: string },
) {
  return cr.ctx.shop.sendStorefrontPage(request, reply, {
    title: content.title,
    status: content.status,
    head: LINK_PAGE_HEAD,
    body: html`<h1>${content.title}</h1>
<p>${content.message}</p>
<p><a class="button" href="/shop/">Continue shopping</a></p>`,
  });
}
