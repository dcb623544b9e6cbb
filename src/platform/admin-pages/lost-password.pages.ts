import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  invalidKey,
  requestPasswordReset,
  resetKeyOwner,
  resetPassword,
} from '../auth/password-reset.service.js';
import { clearResetCookie, resetCookieKey, setResetCookie } from '../auth/reset-cookie.js';
import type { PlatformContext } from '../context.js';
import { RateLimitedError, RestError, ValidationError } from '../http/errors.js';
import { html, type SafeHtml } from '../http/html.js';
import { sendAdminPage } from './page-document.js';
import { siteName } from './site-identity.js';

/** The `/wp-login.php?action=` values this file answers (WordPress's lost-password and reset screens). */
export const LOST_PASSWORD_ACTIONS = new Set(['lostpassword', 'retrievepassword', 'rp', 'resetpass']);

const LOGIN_PAGE = '/wp-login.php';

/** What the lost-password screens read from the query and the form (WordPress's names). */
export interface LostPasswordInput {
  action: string;
  key?: string;
  login?: string;
  user_login?: string;
  pass1?: string;
  pass2?: string;
}

/**
 * `GET /wp-login.php?action=lostpassword|rp`: the "Get New Password" form; the e-mailed link
 * (`action=rp&key=…&login=…`), whose key moves into a cookie before the "New password" form is shown.
 */
export async function showLostPasswordPage(
  ctx: PlatformContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: LostPasswordInput,
): Promise<FastifyReply> {
  const site = await siteName(ctx.options);
  if (input.action === 'rp' || input.action === 'resetpass') {
    if (input.key) {
      setResetCookie(reply, { publicUrl: ctx.config.publicUrl, path: LOGIN_PAGE, key: input.key });
      return reply.redirect(`${LOGIN_PAGE}?action=rp`, 302);
    }
    const key = resetCookieKey(request);
    const owner = key ? await resetKeyOwner(ctx, key) : null;
    if (!owner) return lostPasswordForm(reply, site, { error: invalidKey().message, status: 400 });
    return resetForm(reply, site, { username: owner.username });
  }
  return lostPasswordForm(reply, site, {});
}

/** `POST /wp-login.php?action=lostpassword` (e-mails a link, same answer for any name) and `action=resetpass`. */
export async function submitLostPasswordForm(
  ctx: PlatformContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: LostPasswordInput,
): Promise<FastifyReply> {
  const site = await siteName(ctx.options);
  if (input.action === 'rp' || input.action === 'resetpass') {
    const key = resetCookieKey(request);
    if (!key) return lostPasswordForm(reply, site, { error: invalidKey().message, status: 400 });
    const password = input.pass1 ?? '';
    if (input.pass2 !== undefined && input.pass2 !== password)
      return resetForm(reply, site, { error: 'The passwords do not match.', status: 400 });
    try {
      await resetPassword(ctx, { key, password });
    } catch (error) {
      if (error instanceof ValidationError)
        return resetForm(reply, site, { error: firstMessage(error), status: 400 });
      if (error instanceof RestError && error.code === 'invalid_key')
        return lostPasswordForm(reply, site, { error: error.message, status: 400 });
      throw error;
    }
    clearResetCookie(reply, LOGIN_PAGE);
    return reply.redirect(`${LOGIN_PAGE}?password=changed`, 302);
  }
  const login = (input.user_login ?? '').trim();
  if (login === '')
    return lostPasswordForm(reply, site, { error: 'Please enter a username or email address.', status: 400 });
  try {
    await requestPasswordReset(ctx, {
      login,
      ip: request.ip,
      linkFor: (key, user) =>
        `${ctx.config.publicUrl}${LOGIN_PAGE}?action=rp&key=${key}&login=${encodeURIComponent(user.username)}`,
    });
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    reply.header('Retry-After', String(error.data.retry_after));
    return lostPasswordForm(reply, site, { error: error.message, login, status: 429 });
  }
  return reply.redirect(`${LOGIN_PAGE}?checkemail=confirm`, 302);
}

/** The first message of a validation error (the reset form has one field). */
function firstMessage(error: ValidationError): string {
  return Object.values(Object.values(error.fields)[0] ?? {})[0] ?? error.message;
}

function lostPasswordForm(
  reply: FastifyReply,
  site: string,
  view: { error?: string; login?: string; status?: number },
): FastifyReply {
  const body = html`${errorNotice(view.error)}
<div class="notice" role="status">Please enter your username or email address. You will receive an email message with instructions on how to reset your password.</div>
<form name="lostpasswordform" id="lostpasswordform" action="${LOGIN_PAGE}?action=lostpassword" method="post">
<label for="user_login">Username or Email Address</label>
<input type="text" name="user_login" id="user_login" autocomplete="username" autocapitalize="off" required value="${view.login ?? ''}">
<button type="submit" name="wp-submit" id="wp-submit">Get New Password</button>
</form>
<p class="links"><a href="${LOGIN_PAGE}">Log in</a></p>`;
  return sendAdminPage(reply, { title: 'Lost Password', site, body, status: view.status ?? 200 });
}

function resetForm(
  reply: FastifyReply,
  site: string,
  view: { error?: string; username?: string; status?: number },
): FastifyReply {
  const body = html`${errorNotice(view.error)}
<div class="notice" role="status">Enter your new password below${view.username ? html` for <strong>${view.username}</strong>` : ''}. At least 8 characters.</div>
<form name="resetpassform" id="resetpassform" action="${LOGIN_PAGE}?action=resetpass" method="post">
<label for="pass1">New password</label>
<input type="password" name="pass1" id="pass1" autocomplete="new-password" required minlength="8">
<label for="pass2">Confirm new password</label>
<input type="password" name="pass2" id="pass2" autocomplete="new-password" required minlength="8">
<button type="submit" name="wp-submit" id="wp-submit">Save Password</button>
</form>`;
  return sendAdminPage(reply, { title: 'Reset Password', site, body, status: view.status ?? 200 });
}

function errorNotice(error: string | undefined): SafeHtml | '' {
  return error ? html`<div class="notice error" id="login_error" role="alert">${error}</div>` : '';
}
