import type { PlatformContext } from '../context.js';
import { toDbTime } from '../db/sql-helpers.js';
import { RateLimitedError, RestError } from '../http/errors.js';
import { hashToken, randomToken } from '../security/hashing.js';
import { siteName } from '../admin-pages/site-identity.js';
import { passwordResetMessage } from './password-reset-mail.js';
import { consumeResetKey, findResetKeyUser, replaceResetKey } from './password-reset-keys.repository.js';
import { updateUser } from './users.service.js';
import { findUserByLogin, findUserById } from './users.repository.js';

/** How long an e-mailed reset link works (WordPress's one day). */
export const RESET_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** Reset requests one IP may make per window (answered 429 beyond). */
export const RESET_REQUESTS_PER_IP = 5;
/** Reset e-mails one account receives per window (further requests get the same answer and no e-mail). */
export const RESET_MAILS_PER_ACCOUNT = 3;
/** The window of both budgets, in seconds. */
export const RESET_WINDOW_SECONDS = 60 * 60;

type ResetDeps = Pick<PlatformContext, 'db' | 'clock' | 'rateLimiter' | 'mail' | 'options' | 'logger'>;

/**
 * "Lost your password?": e-mails the account named by `login` (username or e-mail) a single-use link built by
 * `linkFor`, valid for {@link RESET_KEY_TTL_MS}. Answers the same whether or not the account exists (no user
 * enumeration); throttled per IP (429) and per account (silently).
 */
export async function requestPasswordReset(
  deps: ResetDeps,
  input: {
    login: string;
    ip: string;
    linkFor: (key: string, user: { id: number; username: string }) => string;
  },
): Promise<void> {
  const perIp = await deps.rateLimiter.hit(
    `lostpassword:${input.ip}`,
    RESET_REQUESTS_PER_IP,
    RESET_WINDOW_SECONDS,
  );
  if (!perIp.allowed)
    throw new RateLimitedError(
      perIp.retryAfterSeconds,
      'too_many_password_resets',
      'Too many password reset requests. Try again later.',
    );
  const account = input.login.trim() === '' ? null : await findUserByLogin(deps.db, input.login);
  if (!account) return;
  const perAccount = await deps.rateLimiter.hit(
    `lostpassword:user:${account.id}`,
    RESET_MAILS_PER_ACCOUNT,
    RESET_WINDOW_SECONDS,
  );
  if (!perAccount.allowed) return;
  const key = randomToken(24);
  const now = deps.clock.now();
  await replaceResetKey(deps.db, {
    user_id: account.id,
    key_hash: hashToken(key),
    expires_at: toDbTime(new Date(now.getTime() + RESET_KEY_TTL_MS)),
    created_at: toDbTime(now),
  });
  const message = passwordResetMessage({
    site: await siteName(deps.options),
    username: account.username,
    link: input.linkFor(key, account),
  });
  try {
    await deps.mail.send({ to: account.email, ...message, tag: 'password-reset' });
  } catch (error) {
    // The answer stays the same (it must not tell whether the account exists); the failure is logged.
    deps.logger.error({ err: error, userId: account.id }, 'password reset e-mail not sent');
  }
}

/** The user a reset key belongs to while it is live, or null (unknown, used or expired). */
export async function resetKeyOwner(deps: Pick<PlatformContext, 'db' | 'clock'>, key: string) {
  const id = await findResetKeyUser(deps.db, hashToken(key), toDbTime(deps.clock.now()));
  return id === null ? null : findUserById(deps.db, id);
}

/**
 * Sets a new password with a live reset key, which is used up; every login session of the user ends (the other
 * instances refuse them at their next request). A short password is refused and leaves the key working.
 */
export async function resetPassword(
  deps: Pick<PlatformContext, 'db' | 'clock'>,
  input: { key: string; password: string },
): Promise<{ id: number; username: string }> {
  const user = await deps.db.transaction().execute(async (trx) => {
    const id = await consumeResetKey(trx, hashToken(input.key), toDbTime(deps.clock.now()));
    if (id === null) throw invalidKey();
    return updateUser(trx, id, { password: input.password });
  });
  return { id: user.id, username: user.username };
}

/** WooCommerce's refusal of an unknown, used or expired reset key. */
export function invalidKey(): RestError {
  return new RestError(
    'invalid_key',
    'This key is invalid or has already been used. Please reset your password again if needed.',
    400,
  );
}
