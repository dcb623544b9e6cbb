import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { ADMIN_PAGE_HEADERS, pageDocument } from '../admin-pages/page-document.js';
import { siteName } from '../admin-pages/site-identity.js';
import type { PlatformContext } from '../context.js';
import { html, type SafeHtml } from '../http/html.js';
import type { RestApp } from '../http/server.js';
import {
  type ApiKeyPermissions,
  createApiKey,
  isApiKeyPermissions,
  revokeApiKey,
} from './api-keys.service.js';
import type { Principal } from './principal.js';

/** The nonce action of the Approve / Deny form. */
export const WC_AUTH_ACTION = 'wc_auth_grant_access';
const PATH = '/wc-auth/v1/authorize';
/** How long the app's callback may take to answer. */
const CALLBACK_TIMEOUT_MS = 10_000;

const Params = {
  app_name: Type.Optional(Type.String({ maxLength: 500 })),
  scope: Type.Optional(Type.String({ maxLength: 20 })),
  user_id: Type.Optional(Type.String({ maxLength: 200 })),
  return_url: Type.Optional(Type.String({ maxLength: 2000 })),
  callback_url: Type.Optional(Type.String({ maxLength: 2000 })),
};
const Decision = Type.Object({
  ...Params,
  decision: Type.Optional(Type.String({ maxLength: 10 })),
  _wpnonce: Type.Optional(Type.String({ maxLength: 20 })),
});

/** A checked authorization request. */
interface AppRequest {
  appName: string;
  scope: ApiKeyPermissions;
  appUserId: string;
  returnUrl: URL;
  callbackUrl: URL;
}

const SCOPE_WORDS: Record<ApiKeyPermissions, string> = {
  read: 'View your shop data (read only)',
  write: 'Create, change and delete your shop data (write only)',
  read_write: 'View, create, change and delete your shop data (read and write)',
};

/**
 * WooCommerce's app authorization flow, `/wc-auth/v1/authorize`: a logged-in user approves or denies an app
 * the key scope it asks for; on approval a key is created, POSTed as JSON to `callback_url` (HTTPS, or any
 * scheme on a loopback host) and the browser returns to `return_url` with `success=1&user_id=…`.
 */
export function registerWcAuthPages(app: RestApp, ctx: PlatformContext): void {
  const auth = { access: 'public', nonce: 'never' } as const;

  app.get(
    PATH,
    { config: { auth }, schema: { hide: true, querystring: Type.Object(Params) } },
    async (request, reply) => {
      const checked = checkAppRequest(request.query);
      if (typeof checked === 'string') return sendPage(ctx, reply, 'Error', errorCard(checked), 400);
      const principal = request.principal;
      if (principal.kind !== 'user') {
        const back = request.originalUrl;
        return reply.redirect(`/wp-login.php?redirect_to=${encodeURIComponent(back)}`, 302);
      }
      const nonce = ctx.nonces.create(ctx.auth.nonceSubject(principal), WC_AUTH_ACTION);
      return sendPage(ctx, reply, 'Authorize app', approvalForm(checked, principal, nonce), 200, checked);
    },
  );

  app.post(PATH, { config: { auth }, schema: { hide: true, body: Decision } }, async (request, reply) => {
    const checked = checkAppRequest(request.body);
    if (typeof checked === 'string') return sendPage(ctx, reply, 'Error', errorCard(checked), 400);
    const principal = request.principal;
    if (principal.kind !== 'user')
      return sendPage(ctx, reply, 'Error', errorCard('You must be logged in to authorize an app.'), 401);
    const { _wpnonce: nonce, decision } = request.body;
    if (!nonce || ctx.nonces.verify(nonce, ctx.auth.nonceSubject(principal), WC_AUTH_ACTION) === 0)
      return sendPage(
        ctx,
        reply,
        'Error',
        errorCard('The link you followed has expired. Please try again.'),
        403,
      );
    if (decision === 'deny') return reply.redirect(returnTo(checked, false), 302);
    if (decision !== 'approve')
      return sendPage(ctx, reply, 'Error', errorCard('Approve or deny the app.'), 400);

    const deps = { db: ctx.db, clock: ctx.clock, secret: ctx.config.secret, secrets: ctx.secrets };
    const stamp = ctx.clock.now().toISOString().slice(0, 19).replace('T', ' ');
    const key = await createApiKey(deps, {
      userId: principal.user.id,
      description: `${checked.appName.slice(0, 170)} - API (${stamp})`,
      permissions: checked.scope,
    });
    const delivered = await postKeys(checked.callbackUrl, {
      key_id: key.key_id,
      user_id: checked.appUserId,
      consumer_key: key.consumer_key,
      consumer_secret: key.consumer_secret,
      key_permissions: key.permissions,
    });
    if (!delivered) {
      await revokeApiKey(ctx.db, { id: key.key_id });
      request.log.warn({ callback: checked.callbackUrl.origin }, 'wc-auth callback failed; key revoked');
      return sendPage(
        ctx,
        reply,
        'Error',
        errorCard('An error occurred in the request and at the time were unable to send the consumer data.'),
        502,
      );
    }
    return reply.redirect(returnTo(checked, true), 302);
  });
}

/** The checked parameters, or the sentence saying which one is wrong. */
function checkAppRequest(query: Record<string, string | undefined>): AppRequest | string {
  const appName = query.app_name?.trim() ?? '';
  if (appName === '') return 'Missing parameter app_name.';
  if (!isApiKeyPermissions(query.scope)) return 'Invalid scope: it must be read, write or read_write.';
  const appUserId = query.user_id?.trim() ?? '';
  if (appUserId === '') return 'Missing parameter user_id.';
  const returnUrl = parseUrl(query.return_url);
  if (!returnUrl) return 'The return_url is not a valid http or https URL.';
  const callbackUrl = parseUrl(query.callback_url);
  if (!callbackUrl) return 'The callback_url is not a valid URL.';
  if (callbackUrl.protocol !== 'https:' && !isLoopback(callbackUrl.hostname))
    return 'The callback_url needs to be over SSL.';
  return { appName, scope: query.scope, appUserId, returnUrl, callbackUrl };
}

/** POSTs the keys as JSON; true when the app answered 2xx in time. */
async function postKeys(url: URL, body: Record<string, unknown>): Promise<boolean> {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    await answer.arrayBuffer();
    return answer.ok;
  } catch {
    return false;
  }
}

function returnTo(request: AppRequest, success: boolean): string {
  const url = new URL(request.returnUrl);
  url.searchParams.set('success', success ? '1' : '0');
  url.searchParams.set('user_id', request.appUserId);
  return url.toString();
}

function parseUrl(text: string | undefined): URL | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
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
