import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeRedirect } from '../../platform/http/safe-redirect.js';
import { logIn } from '../../platform/auth/login.service.js';
import type { AuthUser } from '../../platform/auth/principal.js';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/session-cookie.js';
import { endSession, startSession } from '../../platform/auth/sessions.service.js';
import { RateLimitedError, RestError, ValidationError } from '../../platform/http/errors.js';
import { html } from '../../platform/http/html.js';
import type { RestApp } from '../../platform/http/server.js';
import { REFERRAL_COOKIE, referralCode, registerCustomer } from '../customers/registration.service.js';
import { registerAccountAddressPages } from './account-addresses.pages.js';
import { registerAccountDetailsPages } from './account-details.pages.js';
import { accountUser, LOGIN_ACTION, REGISTER_ACTION, sendGuestForms } from './account-forms.js';
import { seeOther, formNonceValid } from './cart-forms.js';
import { type AccountPageDeps, LOGOUT_ACTION, logoutUrl, sendAccountPage } from './my-account-layout.js';
import { registerAccountOrderPages } from './my-account-orders.pages.js';
import { registerLostPasswordPages } from './lost-password.pages.js';
import type { PageNotice } from './storefront-page.js';
import { PageAssets } from './storefront-slots.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;

const AccountQuery = Type.Object({
  redirect_to: Type.Optional(Type.String({ maxLength: 2000 })),
  loggedout: Type.Optional(Type.String({ maxLength: 10 })),
  'password-reset': Type.Optional(Type.String({ maxLength: 10 })),
});

// WooCommerce's field names of its login and register forms.
const AccountForm = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 200 })),
  password: Type.Optional(Type.String({ maxLength: 4096 })),
  rememberme: Type.Optional(Type.String({ maxLength: 20 })),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  redirect: Type.Optional(Type.String({ maxLength: 2000 })),
  'woocommerce-login-nonce': Type.Optional(Type.String({ maxLength: 20 })),
  'woocommerce-register-nonce': Type.Optional(Type.String({ maxLength: 20 })),
  login: Type.Optional(Type.String({ maxLength: 50 })),
  register: Type.Optional(Type.String({ maxLength: 50 })),
});

/**
 * `/my-account/`: for guests the Log in and Register forms (WooCommerce's), for customers the dashboard, Orders, Addresses,
 * the extensions' sections, Account details and Log out (a nonce link).
 */
export function registerMyAccountPages(app: RestApp, deps: AccountPageDeps): void {
  const { ctx } = deps;

  app.get(
    '/my-account/',
    { config: PUBLIC_PAGE, schema: { hide: true, querystring: AccountQuery } },
    async (request, reply) => {
      const user = accountUser(request);
      if (!user) {
        const notices: PageNotice[] =
          request.query.loggedout === 'true'
            ? [{ kind: 'success', text: 'You are now logged out.' }]
            : request.query['password-reset'] === 'true'
              ? [{ kind: 'success', text: 'Your password has been reset successfully.' }]
              : [];
        return sendGuestForms(deps, request, reply, { redirectTo: request.query.redirect_to, notices });
      }
      const logout = logoutUrl(ctx, request);
      const body = html`<p>Hello <strong>${user.display_name}</strong> (not <strong>${user.display_name}</strong>? <a href="${logout}">Log out</a>)</p>
<p>From your account dashboard you can view your <a href="/my-account/orders/">recent orders</a>, manage your <a href="/my-account/edit-address/">shipping and billing addresses</a>${deps.slots.accountSections().map((s) => html`, your <a href="/my-account/${s.slug}/">${s.label.toLowerCase()}</a>`)}, and <a href="/my-account/edit-account/">edit your password and account details</a>.</p>`;
      return sendAccountPage(deps, request, reply, {
        user,
        current: 'dashboard',
        title: 'My account',
        body,
        assets: new PageAssets(),
      });
    },
  );

  app.post(
    '/my-account/',
    { config: PUBLIC_PAGE, schema: { hide: true, body: AccountForm } },
    async (request, reply) => {
      const form = request.body;
      if (accountUser(request)) return seeOther(reply, '/my-account/');
      if (form.register !== undefined) return register(deps, request, reply, form);
      return logInWithForm(deps, request, reply, form);
    },
  );

  app.get(
    '/my-account/customer-logout/',
    {
      config: PUBLIC_PAGE,
      schema: {
        hide: true,
        querystring: Type.Object({ _wpnonce: Type.Optional(Type.String({ maxLength: 20 })) }),
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (principal.kind !== 'user') return reply.redirect('/my-account/', 302);
      const nonce = request.query._wpnonce;
      if (!nonce || ctx.nonces.verify(nonce, ctx.auth.nonceSubject(principal), LOGOUT_ACTION) === 0)
        return sendAccountPage(deps, request, reply, {
          user: principal.user,
          current: '',
          title: 'Log out',
          assets: new PageAssets(),
          body: html`<p>Are you sure you want to log out? <a href="${logoutUrl(ctx, request)}">Confirm and log out</a></p>`,
        });
      if (principal.sessionHash) await endSession(ctx.db, principal.sessionHash);
      clearSessionCookie(reply);
      return reply.redirect('/my-account/?loggedout=true', 302);
    },
  );

  registerAccountOrderPages(app, deps);
  registerAccountAddressPages(app, deps);
  registerAccountDetailsPages(app, deps);
  registerLostPasswordPages(app, deps);

  // The extensions' sections: `/my-account/<slug>/` and `/my-account/<slug>/<page>/` (paged lists).
  const sectionPage = async (
    request: FastifyRequest<{ Params: { section: string; page?: number } }>,
    reply: FastifyReply,
  ) => {
    const user = accountUser(request);
    if (!user) return sendGuestForms(deps, request, reply, { redirectTo: request.url });
    const section = deps.slots.accountSections().find((s) => s.slug === request.params.section);
    const assets = new PageAssets();
    const body = section
      ? await deps.slots.renderSection(section, { user, page: request.params.page ?? 1 }, request, assets)
      : null;
    if (!section || !body)
      return sendAccountPage(deps, request, reply, {
        user,
        current: '',
        title: 'Page not found',
        status: 404,
        assets,
        body: html`<p>This page of your account does not exist. <a href="/my-account/">Back to your dashboard</a></p>`,
      });
    return sendAccountPage(deps, request, reply, {
      user,
      current: section.slug,
      title: section.label,
      body,
      assets,
    });
  };
  const Section = Type.String({ pattern: '^[a-z0-9-]{1,60}$' });
  app.get(
    '/my-account/:section/',
    { config: PUBLIC_PAGE, schema: { hide: true, params: Type.Object({ section: Section }) } },
    sectionPage,
  );
  app.get(
    '/my-account/:section/:page/',
    {
      config: PUBLIC_PAGE,
      schema: {
        hide: true,
        params: Type.Object({ section: Section, page: Type.Integer({ minimum: 1, maximum: 100_000 }) }),
      },
    },
    sectionPage,
  );
}

type AccountFormBody = (typeof AccountForm)['static'];

async function logInWithForm(
  deps: AccountPageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  form: AccountFormBody,
): Promise<FastifyReply> {
  const { ctx } = deps;
  const username = (form.username ?? '').trim();
  const again = (text: string, status: number) =>
    sendGuestForms(deps, request, reply, {
      redirectTo: form.redirect,
      username,
      notices: [{ kind: 'error', text }],
      status,
    });
  if (!formNonceValid(deps.ctx, request, form['woocommerce-login-nonce'], LOGIN_ACTION))
    return again('The page has expired. Please log in again.', 403);
  if (username === '') return again('Username is required.', 400);
  if (!form.password) return again('The password field is empty.', 400);
  let user: AuthUser;
  try {
    user = await logIn(ctx, { login: username, password: form.password, ip: request.ip });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      reply.header('Retry-After', String(error.data.retry_after));
      return again(error.message, 429);
    }
    if (error instanceof RestError && error.status === 401) return again(error.message, 401);
    throw error;
  }
  await startLoggedIn(deps, request, reply, user, form.rememberme === 'forever');
  return seeOther(reply, safeRedirect(form.redirect, ctx.config.publicUrl, '/my-account/'));
}

async function register(
  deps: AccountPageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  form: AccountFormBody,
): Promise<FastifyReply> {
  const { ctx } = deps;
  const email = (form.email ?? '').trim();
  const again = (status: number, registerErrors: Record<string, string>, notice?: string) =>
    sendGuestForms(deps, request, reply, {
      redirectTo: form.redirect,
      email,
      registerErrors,
      notices: [{ kind: 'error', text: notice ?? 'Please correct the fields marked below.' }],
      status,
    });
  if (!formNonceValid(deps.ctx, request, form['woocommerce-register-nonce'], REGISTER_ACTION))
    return again(403, {}, 'The page has expired. Please register again.');
  const missing: Record<string, string> = {};
  if (email === '') missing.email = 'Please provide a valid email address.';
  if (!form.password) missing.password = 'Please enter an account password.';
  if (Object.keys(missing).length > 0) return again(400, missing);
  let user: AuthUser;
  try {
    user = await registerCustomer(ctx, {
      email,
      password: form.password!,
      referralCode: referralCode(undefined, request.cookies[REFERRAL_COOKIE]),
      ip: request.ip,
    });
  } catch (error) {
    if (error instanceof ValidationError)
      return again(
        400,
        Object.fromEntries(
          Object.entries(error.fields)
            .filter(([field]) => field === 'email' || field === 'password')
            .map(([field, rules]) => [field, Object.values(rules).join(' ')]),
        ),
        Object.keys(error.fields).some((f) => f !== 'email' && f !== 'password')
          ? 'This email address cannot be used for an account.'
          : undefined,
      );
    if (error instanceof RestError && error.code === 'existing_user_email')
      return again(409, {
        email: 'An account is already registered with your email address. Please log in.',
      });
    if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.data.retry_after));
    if (error instanceof RestError) return again(error.status, {}, error.message);
    throw error;
  }
  // Logged in at once, as WooCommerce's My account registration does.
  await startLoggedIn(deps, request, reply, user, true);
  return seeOther(reply, safeRedirect(form.redirect, ctx.config.publicUrl, '/my-account/'));
}

/** Starts a login session (the guest cart merges into the customer's) and sets the login cookie. */
async function startLoggedIn(
  deps: AccountPageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  remember: boolean,
): Promise<void> {
  const { ctx } = deps;
  const session = await startSession(ctx.db, ctx.clock, user.id);
  await ctx.events.emit('user.logged_in', { userId: user.id, request, reply });
  setSessionCookie(reply, ctx.config.publicUrl, session.token, remember);
}
