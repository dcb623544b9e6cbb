import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { hitClientLimit } from '../common/client-rate-limit.js';
import { escapeHtml } from '../sequence/email-template.js';
import { restoreFromLink } from './restore.service.js';
import { unsubscribeFromLink } from './unsubscribe.service.js';

/**
 * The e-mail links on any front-end URL (not under /wp-json): `?cartrecovery_restore=` (GET) redirects to
 * checkout or home with `cartrecovery_restore_error`; `?cartrecovery_unsubscribe=` (GET, or POST for RFC 8058
 * one-click) suppresses and answers with a confirmation page. A root-level onRequest hook, so they work
 * whatever page the link points at.
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
  return reply.redirect(outcome.ok ? config.checkoutUrl : home(outcome.error), 302);
}

async function handleUnsubscribe(
  cr: CartRecovery,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  reply.header('Cache-Control', 'no-store');
  reply.header('Referrer-Policy', 'no-referrer');
  const limit = await hitClientLimit(cr, request, 'unsubscribe');
  if (!limit.allowed) {
    reply.header('Retry-After', String(limit.retryAfterSeconds));
    return page(
      reply,
      429,
      'Please try again later',
      'Too many requests came from your address. Please try again in a few minutes.',
    );
  }
  const outcome = await unsubscribeFromLink(cr, token);
  const site = (await cr.settings.get()).site_title;
  if (outcome === 'invalid') {
    return page(
      reply,
      404,
      'Link not recognised',
      'This unsubscribe link is not valid. If you keep receiving cart reminders, reply to one of them.',
    );
  }
  return page(reply, 200, 'You are unsubscribed', `${site} will not send you any more cart reminders.`);
}

function page(reply: FastifyReply, status: number, title: string, message: string) {
  const e = escapeHtml;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${e(title)}</title></head><body><h1>${e(title)}</h1><p>${e(message)}</p></body></html>`,
    );
}
