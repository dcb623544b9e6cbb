import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  invalidKey,
  requestPasswordReset,
  resetKeyOwner,
  resetPassword,
} from '../../platform/auth/password-reset.service.js';
import { clearResetCookie, resetCookieKey, setResetCookie } from '../../platform/auth/reset-cookie.js';
import { RateLimitedError, RestError, ValidationError } from '../../platform/http/errors.js';
import { html } from '../../platform/http/html.js';
import type { RestApp } from '../../platform/http/server.js';
import { seeOther, formNonceValid } from './cart-forms.js';
import { type PageNotice, sendStorefrontPage, type StorefrontDeps } from './storefront-page.js';
import { PageAssets } from './storefront-slots.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;
const PAGE = '/my-account/lost-password/';
/** WooCommerce's nonce actions of the two forms. */
const LOST_ACTION = 'lost_password';
const RESET_ACTION = 'reset_password';

const LostPasswordQuery = Type.Object({
  key: Type.Optional(Type.String({ maxLength: 100 })),
  id: Type.Optional(Type.String({ maxLength: 20 })),
  'show-reset-form': Type.Optional(Type.String({ maxLength: 10 })),
  'reset-link-sent': Type.Optional(Type.String({ maxLength: 10 })),
});

// WooCommerce's field names of its lost-password and reset-password forms.
const LostPasswordForm = Type.Object({
  user_login: Type.Optional(Type.String({ maxLength: 200 })),
  password_1: Type.Optional(Type.String({ maxLength: 4096 })),
  password_2: Type.Optional(Type.String({ maxLength: 4096 })),
  'woocommerce-lost-password-nonce': Type.Optional(Type.String({ maxLength: 20 })),
  'woocommerce-reset-password-nonce': Type.Optional(Type.String({ maxLength: 20 })),
  wc_reset_password: Type.Optional(Type.String({ maxLength: 10 })),
});

/**
 * `/my-account/lost-password/` as WooCommerce has it: a login or e-mail gets a single-use link by e-mail (the same
 * answer whatever was typed); the link's key moves into a cookie, then the new-password form sets the password and
 * ends the customer's sessions everywhere.
 */
export function registerLostPasswordPages(app: RestApp, deps: StorefrontDeps): void {
  const { ctx } = deps;

  app.get(
    PAGE,
    { config: PUBLIC_PAGE, schema: { hide: true, querystring: LostPasswordQuery } },
    async (request, reply) => {
      const query = request.query;
      if (query.key) {
        setResetCookie(reply, { publicUrl: ctx.config.publicUrl, path: PAGE, key: query.key });
        return reply.redirect(`${PAGE}?show-reset-form=true`, 302);
      }
      if (query['show-reset-form']) return showResetForm(deps, request, reply);
      if (query['reset-link-sent'])
        return sendStorefrontPage(deps, request, reply, {
          title: 'Lost password',
          assets: new PageAssets(),
          notices: [{ kind: 'success', text: 'Password reset email has been sent.' }],
          body: html`<h1>Lost password</h1>
<p>A password reset email has been sent to the email address on file for your account, but may take several minutes to show up in your inbox. Please wait at least 10 minutes before attempting another reset.</p>`,
        });
      return lostForm(deps, request, reply, {});
    },
  );

  app.post(
    PAGE,
    { config: PUBLIC_PAGE, schema: { hide: true, body: LostPasswordForm } },
    async (request, reply) => {
      const form = request.body;
      if (form.wc_reset_password !== undefined) return submitReset(deps, request, reply, form);
      if (!formNonceValid(deps.ctx, request, form['woocommerce-lost-password-nonce'], LOST_ACTION))
        return lostForm(deps, request, reply, {
          error: 'The page has expired. Please try again.',
          status: 403,
        });
      const login = (form.user_login ?? '').trim();
      if (login === '')
        return lostForm(deps, request, reply, { error: 'Enter a username or email address.', status: 400 });
      try {
        await requestPasswordReset(ctx, {
          login,
          ip: request.ip,
          linkFor: (key, user) => `${ctx.config.publicUrl}${PAGE}?key=${key}&id=${user.id}`,
        });
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        reply.header('Retry-After', String(error.data.retry_after));
        return lostForm(deps, request, reply, { error: error.message, login, status: 429 });
      }
      return seeOther(reply, `${PAGE}?reset-link-sent=true`);
    },
  );
}

async function submitReset(
  deps: StorefrontDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  form: { password_1?: string; password_2?: string; 'woocommerce-reset-password-nonce'?: string },
): Promise<FastifyReply> {
  if (!formNonceValid(deps.ctx, request, form['woocommerce-reset-password-nonce'], RESET_ACTION))
    return showResetForm(deps, request, reply, {
      error: 'The page has expired. Please try again.',
      status: 403,
    });
  const key = resetCookieKey(request);
  if (!key) return lostForm(deps, request, reply, { error: invalidKey().message, status: 400 });
  const password = form.password_1 ?? '';
  if (password !== (form.password_2 ?? ''))
    return showResetForm(deps, request, reply, { error: 'Passwords do not match.', status: 400 });
  try {
    await resetPassword(deps.ctx, { key, password });
  } catch (error) {
    if (error instanceof ValidationError)
      return showResetForm(deps, request, reply, {
        error: Object.values(Object.values(error.fields)[0] ?? {})[0] ?? error.message,
        status: 400,
      });
    if (error instanceof RestError && error.code === 'invalid_key')
      return lostForm(deps, request, reply, { error: error.message, status: 400 });
    throw error;
  }
  clearResetCookie(reply, PAGE);
  return seeOther(reply, '/my-account/?password-reset=true');
}

async function showResetForm(
  deps: StorefrontDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  view: { error?: string; status?: number } = {},
): Promise<FastifyReply> {
  const { ctx } = deps;
  const key = resetCookieKey(request);
  const owner = key ? await resetKeyOwner(ctx, key) : null;
  if (!owner) return lostForm(deps, request, reply, { error: invalidKey().message, status: 400 });
  const nonce = ctx.nonces.create(ctx.auth.nonceSubject(request.principal), RESET_ACTION);
  const described = view.error ? html` aria-invalid="true" aria-describedby="password_1-error"` : '';
  const body = html`<h1>Lost password</h1>
<form method="post" action="${PAGE}" class="reset-password">
<p>Enter a new password below.</p>
<input type="hidden" name="woocommerce-reset-password-nonce" value="${nonce}">
<div class="field"><label for="password_1">New password <span aria-hidden="true">*</span></label>
<input type="password" id="password_1" name="password_1" autocomplete="new-password" required minlength="8"${described}>
${view.error ? html`<span class="field-error" id="password_1-error">${view.error}</span>` : ''}</div>
<div class="field"><label for="password_2">Re-enter new password <span aria-hidden="true">*</span></label>
<input type="password" id="password_2" name="password_2" autocomplete="new-password" required minlength="8"></div>
<p><small>At least 8 characters.</small></p>
<button type="submit" name="wc_reset_password" value="true">Save</button>
</form>`;
  return sendStorefrontPage(deps, request, reply, {
    title: 'Lost password',
    body,
    assets: new PageAssets(),
    status: view.status,
  });
}

async function lostForm(
  deps: StorefrontDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  view: { error?: string; login?: string; status?: number },
): Promise<FastifyReply> {
  const { ctx } = deps;
  const nonce = ctx.nonces.create(ctx.auth.nonceSubject(request.principal), LOST_ACTION);
  const notices: PageNotice[] = view.error ? [{ kind: 'error', text: view.error }] : [];
  const body = html`<h1>Lost password</h1>
<form method="post" action="${PAGE}" class="lost-password">
<p>Lost your password? Please enter your username or email address. You will receive a link to create a new password via email.</p>
<input type="hidden" name="woocommerce-lost-password-nonce" value="${nonce}">
<div class="field"><label for="user_login">Username or email <span aria-hidden="true">*</span></label>
<input type="text" id="user_login" name="user_login" autocomplete="username" required value="${view.login ?? ''}"></div>
<button type="submit">Reset password</button>
</form>`;
  return sendStorefrontPage(deps, request, reply, {
    title: 'Lost password',
    body,
    assets: new PageAssets(),
    notices,
    status: view.status,
  });
}
