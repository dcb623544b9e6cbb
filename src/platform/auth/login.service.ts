import type { DbOrTrx } from '../db/database.js';
import { RateLimitedError, UnauthorizedError } from '../http/errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { hashPassword, verifyPassword } from '../security/hashing.js';
import type { AuthUser } from './principal.js';
import { findUserByLogin, type UserRow } from './users.repository.js';

/** Failed logins allowed per account (or unknown name) and IP within the window. */
export const LOGIN_LIMIT = 5;
/** The failed-login window, in seconds. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Checks a username-or-e-mail and password against the failed-login budget of the account it names (so
 * `alice`, `ALICE` and `alice@example.com` share one budget), or of the normalised name when no account
 * has it. Throws 429 once the budget is spent, 401 on a wrong name or password; a success resets the budget.
 */
export async function logIn(
  deps: { db: DbOrTrx; rateLimiter: RateLimiter },
  attempt: { login: string; password: string; ip: string },
): Promise<AuthUser> {
  const account = await findUserByLogin(deps.db, attempt.login);
  const key = failedLoginKey(attempt.ip, account, attempt.login);
  if ((await deps.rateLimiter.peek(key)) >= LOGIN_LIMIT) {
    const { retryAfterSeconds } = await deps.rateLimiter.hit(key, LOGIN_LIMIT, LOGIN_WINDOW_SECONDS);
    throw new RateLimitedError(
      retryAfterSeconds,
      'too_many_login_attempts',
      'Too many failed login attempts. Try again later.',
    );
  }
  const user = await checkPassword(account, attempt.password);
  if (!user) {
    await deps.rateLimiter.hit(key, LOGIN_LIMIT, LOGIN_WINDOW_SECONDS);
    throw new UnauthorizedError('invalid_credentials', 'The username or password you entered is incorrect.');
  }
  await deps.rateLimiter.reset(key);
  return user;
}

/** The limiter key of a login attempt: IP + account id, or IP + trimmed lower-cased name when no account has it. */
function failedLoginKey(ip: string, account: UserRow | null, login: string): string {
  return account ? `login:${ip}:user:${account.id}` : `login:${ip}:name:${login.trim().toLowerCase()}`;
}

async function checkPassword(account: UserRow | null, password: string): Promise<AuthUser | null> {
  if (!account) {
    await hashPassword(password); // same cost whether or not the user exists
    return null;
  }
  if (!(await verifyPassword(password, account.password_hash))) return null;
  const { password_hash: _, ...user } = account;
  return user as AuthUser;
}
