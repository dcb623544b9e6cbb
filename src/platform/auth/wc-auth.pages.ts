import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { ADMIN_PAGE_HEADERS, pageDocument } from '../admin-pages/page-document.js';
import { siteName } from '../admin-pages/site-identity.js';
import type { PlatformContext } from '../context.js';
import { html, type SafeHtml } from '../http/html.js';
import type { RestApp } from '../http/server.js';
import { type CheckedTarget, UnsafeUrlError } from '../http-client/public-http-client.js';
import { type ApiKeyPermissions, createApiKey, revokeApiKey } from './api-keys.service.js';
import { can, type Principal } from './principal.js';
import { type AppRequest, checkAppRequest, grantAction } from './wc-auth-request.js';

const PATH = '/wc-auth/v1/authorize';
/** How long the app's callback may take to answer. */
const CALLBACK_TIMEOUT_MS = 10_000;
/** Who may connect an app to the shop (WooCommerce's rule). */
const CAPABILITY = 'manage_woocommerce';

const Params = {
  app_name: Type.Optional(Type.String({ maxLength: 500 })),
  scope: Type.Optional(Type.String({ maxLength: 20 })),
  user_id: Type.Optional(Type.String({ maxLength: 200 })),
  return_url: Type.Optional(Type.String({ maxLength: 2000 })),
  callback_url: Type.Optional(Type.String({ maxLength: 2000 })),
};
// Built once: the server's route hook adds the global parameters to a query schema's own properties object.
const Query = Type.Object(Params);
const Decision = Type.Object({
  ...Params,
  decision: Type.Optional(Type.String({ maxLength: 10 })),
  _wpnonce: Type.Optional(Type.String({ maxLength: 20 })),
});

const SCOPE_WORDS: Record<ApiKeyPermissions, string> = {
  read: 'View your shop data (read only)',
  write: 'Create, change and delete your shop data (write only)',
  read_write: 'View, create, change and delete your shop data (read and write)',
};

/**
 * WooCommerce's app authorization flow, `/wc-auth/v1/authorize`: a logged-in user who may manage the shop
 * approves or denies an app the key scope it asks for; on approval a key is created, POSTed as JSON to
 * `callback_url` (HTTPS on a public address, the connection pinned to the checked address) and the browser
 * returns to `return_url` with `success=1&user_id=…`.
 */
export function registerWcAuthPages(app: RestApp, ctx: PlatformContext): void {
  const auth = { access: 'public', nonce: 'never' } as const;
  const fail = (reply: FastifyReply, message: string, status: number) =>
    sendPage(ctx, reply, 'Error', errorCard(message), status);
  const forbidden = (reply: FastifyReply) =>
    sendPage(ctx, reply, 'Access denied', errorCard('You do not have permission to access this page.'), 403);
  // The callback's host resolved and checked once; the message of a refusal names the field and the rule.
  const checkCallback = async (request: AppRequest): Promise<CheckedTarget | string> => {
    try {
      return await ctx.publicHttp.check(request.callbackUrl);
    } catch (error) {
      if (error instanceof UnsafeUrlError) return `The callback_url ${error.message}.`;
      throw error;
    }
  };

  app.get(PATH, { config: { auth }, schema: { hide: true, querystring: Query } }, async (request, reply) => {
    const checked = checkAppRequest(request.query);
    if (typeof checked === 'string') return fail(reply, checked, 400);
    const principal = request.principal;
    if (principal.kind !== 'user') {
      const back = request.originalUrl;
      return reply.redirect(`/wp-login.php?redirect_to=${encodeURIComponent(back)}`, 302);
    }
    if (!can(principal, CAPABILITY)) return forbidden(reply);
    const target = await checkCallback(checked);
    if (typeof target === 'string') return fail(reply, target, 400);
    const nonce = ctx.nonces.create(ctx.auth.nonceSubject(principal), grantAction(checked));
    return sendPage(ctx, reply, 'Authorize app', approvalForm(checked, principal, nonce), 200, checked);
  });

  app.post(PATH, { config: { auth }, schema: { hide: true, body: Decision } }, async (request, reply) => {
    const checked = checkAppRequest(request.body);
    if (typeof checked === 'string') return fail(reply, checked, 400);
    const principal = request.principal;
    if (principal.kind !== 'user') return fail(reply, 'You must be logged in to authorize an app.', 401);
    if (!can(principal, CAPABILITY)) return forbidden(reply);
    const { _wpnonce: nonce, decision } = request.body;
    const subject = ctx.auth.nonceSubject(principal);
    if (!nonce || ctx.nonces.verify(nonce, subject, grantAction(checked)) === 0)
      return fail(reply, 'The link you followed has expired. Please try again.', 403);
    if (decision === 'deny') return reply.redirect(returnTo(checked, false), 302);
    if (decision !== 'approve') return fail(reply, 'Approve or deny the app.', 400);
    const target = await checkCallback(checked);
    if (typeof target === 'string') return fail(reply, target, 400);

    const deps = { db: ctx.db, clock: ctx.clock, secret: ctx.config.secret, secrets: ctx.secrets };
    const stamp = ctx.clock.now().toISOString().slice(0, 19).replace('T', ' ');
    const key = await createApiKey(deps, {
      userId: principal.user.id,
      description: `${checked.appName.slice(0, 170)} - API (${stamp})`,
      permissions: checked.scope,
    });
    const keys = {
      key_id: key.key_id,
      user_id: checked.appUserId,
      consumer_key: key.consumer_key,
      consumer_secret: key.consumer_secret,
      key_permissions: key.permissions,
    };
    const status = await ctx.publicHttp.postJson(target, keys, CALLBACK_TIMEOUT_MS).catch(() => 0);
    if (status < 200 || status > 299) {
      await revokeApiKey(ctx.db, { id: key.key_id });
      request.log.warn({ callback: checked.callbackUrl.origin }, 'wc-auth callback failed; key revoked');
      return fail(
        reply,
        'An error occurred in the request and at the time were unable to send the consumer data.',
        502,
      );
    }
    return reply.redirect(returnTo(checked, true), 302);
  });
}

function returnTo(request: AppRequest, success: boolean): string {
  const url = new URL(request.returnUrl);
  url.searchParams.set('success', success ? '1' : '0');
  url.searchParams.set('user_id', request.appUserId);
  return url.toString();
}

async function sendPage(
  ctx: PlatformContext,
  reply: FastifyReply,
  title: string,
  body: SafeHtml,
  status: number,
  request?: AppRequest,
) {
  // The form's answer redirects to the app's return_url: the page's form-action must allow that origin.
  const headers = request
    ? {
        ...ADMIN_PAGE_HEADERS,
        'Content-Security-Policy': ADMIN_PAGE_HEADERS['Content-Security-Policy'].replace(
          "form-action 'self'",
          `form-action 'self' ${request.returnUrl.origin}`,
        ),
      }
    : ADMIN_PAGE_HEADERS;
  return reply
    .code(status)
    .headers(headers)
    .send(pageDocument(title, await siteName(ctx.options), body));
}

function errorCard(message: string): SafeHtml {
  return html`<div class="notice error" role="alert">${message}</div><p class="links"><a href="/">← Go to the shop</a></p>`;
}

function approvalForm(request: AppRequest, principal: Principal & { kind: 'user' }, nonce: string): SafeHtml {
  const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;
  return html`<form method="post" action="${PATH}" class="wc-auth">
<h2>${request.appName} would like to connect to your store</h2>
<p>This will give "${request.appName}" <strong>${request.scope}</strong> access, which will allow it to:</p>
<ul><li>${SCOPE_WORDS[request.scope]}</li></ul>
<p>Logged in as <strong>${principal.user.display_name || principal.user.username}</strong>.</p>
${hidden('app_name', request.appName)}${hidden('scope', request.scope)}${hidden('user_id', request.appUserId)}
${hidden('return_url', request.returnUrl.toString())}${hidden('callback_url', request.callbackUrl.toString())}
${hidden('_wpnonce', nonce)}
<p><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button></p>
</form>`;
}
