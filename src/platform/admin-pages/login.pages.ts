import { showConfirmActionPage } from './confirm-action.pages.js';
import { Type } from '@sinclair/typebox';
import { logIn } from '../auth/login.service.js';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie.js';
import { endSession, startSession } from '../auth/sessions.service.js';
import type { PlatformContext } from '../context.js';
import { RateLimitedError, RestError } from '../http/errors.js';
import { html, type SafeHtml } from '../http/html.js';
import type { RestApp } from '../http/server.js';
import { type AdminModule, mayEnterAdmin } from './admin-access.js';
import {
  LOST_PASSWORD_ACTIONS,
  showLostPasswordPage,
  submitLostPasswordForm,
} from './lost-password.pages.js';
import { sendAdminPage } from './page-document.js';
import { safeRedirect } from '../http/safe-redirect.js';
import { siteName } from './site-identity.js';

/** The nonce action of the logout link (WordPress's `log-out`). */
export const LOGOUT_ACTION = 'log-out';
const ADMIN_HOME = '/wp-admin/';

const LoginQuery = Type.Object({
  action: Type.Optional(Type.String({ maxLength: 20 })),
  key: Type.Optional(Type.String({ maxLength: 100 })),
  login: Type.Optional(Type.String({ maxLength: 200 })),
  checkemail: Type.Optional(Type.String({ maxLength: 20 })),
  password: Type.Optional(Type.String({ maxLength: 20 })),
  redirect_to: Type.Optional(Type.String({ maxLength: 2000 })),
  _wpnonce: Type.Optional(Type.String({ maxLength: 20 })),
  loggedout: Type.Optional(Type.String({ maxLength: 10 })),
  request_id: Type.Optional(Type.String({ maxLength: 20 })),
  confirm_key: Type.Optional(Type.String({ maxLength: 100 })),
});

// WordPress's field names (`log`, `pwd`, `rememberme`; `user_login`, `pass1`, `pass2` of the lost-password screens),
// so its login habits and scripts carry over.
const LoginForm = Type.Object({
  log: Type.Optional(Type.String({ maxLength: 200 })),
  pwd: Type.Optional(Type.String({ maxLength: 4096 })),
  user_login: Type.Optional(Type.String({ maxLength: 200 })),
  pass1: Type.Optional(Type.String({ maxLength: 4096 })),
  pass2: Type.Optional(Type.String({ maxLength: 4096 })),
  rememberme: Type.Optional(Type.String({ maxLength: 20 })),
  redirect_to: Type.Optional(Type.String({ maxLength: 2000 })),
  'wp-submit': Type.Optional(Type.String({ maxLength: 50 })),
  testcookie: Type.Optional(Type.String({ maxLength: 5 })),
});

/** `GET|POST /wp-login.php`: the login form, logging in with a cookie, and the logout link's landing. */
export function registerLoginPages(
  app: RestApp,
  ctx: PlatformContext,
  modules: readonly AdminModule[],
): void {
  const landing = (redirectTo: string | undefined, canEnterAdmin: boolean) =>
    safeRedirect(redirectTo, ctx.config.publicUrl, canEnterAdmin ? ADMIN_HOME : '/');
  // The form carries only a redirect_to that will be followed.
  const formTarget = (redirectTo: string | undefined) => safeRedirect(redirectTo, ctx.config.publicUrl, '');

  app.get(
    '/wp-login.php',
    {
      config: { auth: { access: 'public', nonce: 'never' } },
      schema: { hide: true, querystring: LoginQuery },
    },
    async (request, reply) => {
      const { action, redirect_to: redirectTo, _wpnonce: nonce } = request.query;
      const principal = request.principal;
      if (action && LOST_PASSWORD_ACTIONS.has(action))
        return showLostPasswordPage(ctx, request, reply, { ...request.query, action });
      if (action === 'confirmaction') return showConfirmActionPage(ctx, reply, request.query);
      if (action === 'logout') {
        if (principal.kind !== 'user') return reply.redirect('/wp-login.php?loggedout=true', 302);
        const subject = ctx.auth.nonceSubject(principal);
        if (!nonce || ctx.nonces.verify(nonce, subject, LOGOUT_ACTION) === 0) {
          const confirmUrl = `/wp-login.php?action=logout&_wpnonce=${ctx.nonces.create(subject, LOGOUT_ACTION)}`;
          return sendAdminPage(reply, {
            title: 'Log Out',
            site: await siteName(ctx.options),
            body: logoutConfirmation(confirmUrl),
            status: 200,
          });
        }
        if (principal.sessionHash) await endSession(ctx.db, principal.sessionHash);
        clearSessionCookie(reply);
        return reply.redirect('/wp-login.php?loggedout=true', 302);
      }
      if (principal.kind === 'user')
        return reply.redirect(landing(redirectTo, mayEnterAdmin(principal, modules)), 302);
      const notice = loginNotice(request.query);
      return sendAdminPage(reply, {
        title: 'Log In',
        site: await siteName(ctx.options),
        body: loginForm({ redirectTo: formTarget(redirectTo), notice }),
        status: 200,
      });
    },
  );

  app.post(
    '/wp-login.php',
    {
      config: { auth: { access: 'public', nonce: 'never' } },
      schema: { hide: true, body: LoginForm, querystring: LoginQuery },
    },
    async (request, reply) => {
      const action = request.query.action;
      if (action && LOST_PASSWORD_ACTIONS.has(action))
        return submitLostPasswordForm(ctx, request, reply, { ...request.body, action });
      const { log = '', pwd = '', rememberme, redirect_to: redirectTo } = request.body;
      const name = await siteName(ctx.options);
      const again = (error: string, status: number) =>
        sendAdminPage(reply, {
          title: 'Log In',
          site: name,
          body: loginForm({ redirectTo: formTarget(redirectTo), error, username: log }),
          status,
        });
      if (log.trim() === '' || pwd === '')
        return again('The username and the password are both required.', 400);
      let user: Awaited<ReturnType<typeof logIn>>;
      try {
        user = await logIn(ctx, { login: log, password: pwd, ip: request.ip });
      } catch (error) {
        if (error instanceof RateLimitedError) {
          reply.header('Retry-After', String(error.data.retry_after));
          return again(throttleMessage(Number(error.data.retry_after)), 429);
        }
        if (error instanceof RestError && error.status === 401) return again(error.message, 401);
        throw error;
      }
      const session = await startSession(ctx.db, ctx.clock, user.id);
      await ctx.events.emit('user.logged_in', { userId: user.id, request, reply });
      setSessionCookie(reply, ctx.config.publicUrl, session.token, rememberme === 'forever');
      const capabilities = await ctx.capabilities.forUser(ctx.db, user);
      const canEnterAdmin = modules.some((m) => capabilities.has(m.capability));
      return reply.redirect(landing(redirectTo, canEnterAdmin), 302);
    },
  );
}

/** "Too many failed login attempts. Please try again in 15 minutes." from the limiter's Retry-After. */
function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed login attempts. Please try again in ${wait}.`;
}

/** The login form's notice after logging out, asking for a reset link, or resetting the password. */
function loginNotice(query: {
  loggedout?: string;
  checkemail?: string;
  password?: string;
}): string | undefined {
  if (query.loggedout === 'true') return 'You are now logged out.';
  if (query.checkemail === 'confirm')
    return 'Check your email for the confirmation link, then visit the login page.';
  if (query.password === 'changed') return 'Your password has been reset. You can log in with it now.';
  return undefined;
}

function loginForm(input: {
  redirectTo?: string;
  error?: string;
  notice?: string;
  username?: string;
}): SafeHtml {
  return html`${input.error ? html`<div class="notice error" id="login_error" role="alert">${input.error}</div>` : ''}
${input.notice ? html`<div class="notice" role="status">${input.notice}</div>` : ''}
<form name="loginform" id="loginform" action="/wp-login.php" method="post">
<label for="user_login">Username or Email Address</label>
<input type="text" name="log" id="user_login" autocomplete="username" required value="${input.username ?? ''}" autocapitalize="off" ${input.error ? '' : html`autofocus`}>
<label for="user_pass">Password</label>
<input type="password" name="pwd" id="user_pass" autocomplete="current-password" required>
<p><label class="remember" for="rememberme"><input name="rememberme" type="checkbox" id="rememberme" value="forever"> Remember Me</label></p>
<input type="hidden" name="redirect_to" value="${input.redirectTo ?? ''}">
<button type="submit" name="wp-submit" id="wp-submit" value="Log In">Log In</button>
</form>
<p class="links"><a href="/wp-login.php?action=lostpassword">Lost your password?</a></p>
<p class="links"><a href="/">← Go to the shop</a></p>`;
}

function logoutConfirmation(confirmUrl: string): SafeHtml {
  return html`<div class="card"><p>Do you really want to log out?</p><p><a href="${confirmUrl}">Log out</a></p></div>`;
}
