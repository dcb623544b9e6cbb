import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeRedirect } from '../../platform/http/safe-redirect.js';
import type { AuthUser } from '../../platform/auth/principal.js';
import { html, type SafeHtml } from '../../platform/http/html.js';
import { REGISTRATION_OPTION } from '../customers/registration.service.js';
import { type PageNotice, sendStorefrontPage, type StorefrontDeps } from './storefront-page.js';
import { PageAssets } from './storefront-slots.js';

/** The nonce action of the Log in form (WooCommerce's `woocommerce-login`). */
export const LOGIN_ACTION = 'woocommerce-login';
/** The nonce action of the Register form (WooCommerce's `woocommerce-register`). */
export const REGISTER_ACTION = 'woocommerce-register';

/** The logged-in user of a storefront request, or null for guests. */
export function accountUser(request: FastifyRequest): AuthUser | null {
  const principal = request.principal;
  return principal.kind === 'user' ? principal.user : null;
}

/** What the guest forms show again after a refused post. */
interface GuestFormState {
  redirectTo?: string;
  username?: string;
  email?: string;
  notices?: PageNotice[];
  registerErrors?: Record<string, string>;
  status?: number;
}

/** The Log in form and (while customers may register) the Register form, for a guest on any My account page. */
export async function sendGuestForms(
  deps: StorefrontDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  state: GuestFormState,
): Promise<FastifyReply> {
  const { ctx } = deps;
  const subject = ctx.auth.nonceSubject(request.principal);
  const canRegister = await ctx.options.get<boolean>(REGISTRATION_OPTION, true);
  const errors = state.registerErrors ?? {};
  const redirect = state.redirectTo ? safeRedirect(state.redirectTo, ctx.config.publicUrl, '') : '';
  const field = (input: {
    id: string;
    name: string;
    label: string;
    type: string;
    autocomplete: string;
    value?: string;
    error?: string;
  }): SafeHtml =>
    html`<div class="field"><label for="${input.id}">${input.label} <span aria-hidden="true">*</span></label>
<input type="${input.type}" id="${input.id}" name="${input.name}" autocomplete="${input.autocomplete}" required${input.value !== undefined ? html` value="${input.value}"` : ''}${input.error ? html` aria-invalid="true" aria-describedby="${input.id}-error"` : ''}>
${input.error ? html`<span class="field-error" id="${input.id}-error">${input.error}</span>` : ''}</div>`;
  const body = html`<h1>My account</h1>
<div class="account-forms">
<section aria-labelledby="login-heading">
<h2 id="login-heading">Log in</h2>
<form method="post" action="/my-account/" class="login" aria-labelledby="login-heading">
<input type="hidden" name="woocommerce-login-nonce" value="${ctx.nonces.create(subject, LOGIN_ACTION)}">
${redirect ? html`<input type="hidden" name="redirect" value="${redirect}">` : ''}
${field({ id: 'username', name: 'username', label: 'Username or email address', type: 'text', autocomplete: 'username', value: state.username ?? '' })}
${field({ id: 'password', name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' })}
<p><label for="rememberme"><input type="checkbox" id="rememberme" name="rememberme" value="forever"> Remember me</label></p>
<button type="submit" name="login" value="Log in">Log in</button>
<p><a href="/my-account/lost-password/">Lost your password?</a></p>
</form>
</section>
${
  canRegister
    ? html`<section aria-labelledby="register-heading">
<h2 id="register-heading">Register</h2>
<form method="post" action="/my-account/" class="register" aria-labelledby="register-heading" novalidate>
<input type="hidden" name="woocommerce-register-nonce" value="${ctx.nonces.create(subject, REGISTER_ACTION)}">
${redirect ? html`<input type="hidden" name="redirect" value="${redirect}">` : ''}
${field({ id: 'reg_email', name: 'email', label: 'Email address', type: 'email', autocomplete: 'email', value: state.email ?? '', error: errors.email })}
${field({ id: 'reg_password', name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password })}
<p><small>At least 8 characters. Your personal data is used to process your orders and manage your account.</small></p>
<button type="submit" name="register" value="Register">Register</button>
</form>
</section>`
    : ''
}
</div>`;
  return sendStorefrontPage(deps, request, reply, {
    title: 'My account',
    body,
    assets: new PageAssets(),
    notices: state.notices,
    status: state.status,
  });
}
