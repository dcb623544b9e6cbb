import type { Clock } from '../clock.js';
import type { DbOrTrx } from '../db/database.js';
import { fromDbTime, toDbTime } from '../db/sql-helpers.js';
import { hashToken, randomToken } from '../security/hashing.js';
import { credentialsChanged } from './principal-cache.js';

declare module '../db/database.js' {
  interface Tables {
    sessions: { token_hash: string; user_id: number; expires_at: string; created_at: string };
  }
}

/** Name of the HttpOnly login cookie. */
export const SESSION_COOKIE = 'storeside_logged_in';
/** Lifetime of a login session (WordPress: 2 days, 14 with "remember me"). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** Starts a login session; returns the raw token (for the cookie) and its hash (stored). */
export async function startSession(
  db: DbOrTrx,
  clock: Clock,
  userId: number,
): Promise<{ token: string; hash: string }> {
  const token = randomToken();
  const hash = hashToken(token);
  const now = clock.now();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hash,
      user_id: userId,
      created_at: toDbTime(now),
      expires_at: toDbTime(new Date(now.getTime() + SESSION_TTL_MS)),
    })
    .execute();
  return { token, hash };
}

/** The user id (and expiry) of a live session for this raw token, or null. */
export async function resolveSession(
  db: DbOrTrx,
  clock: Clock,
  token: string,
): Promise<{ userId: number; hash: string; expiresAt: Date } | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const hash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', hash)
    .where('expires_at', '>', toDbTime(clock.now()))
    .executeTakeFirst();
  return row ? { userId: row.user_id, hash, expiresAt: fromDbTime(row.expires_at) } : null;
}

/** Ends one session. */
export async function endSession(db: DbOrTrx, hash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
  credentialsChanged();
}

/** Ends every session of a user but `keep` (a session hash, when given); returns how many ended. */
export async function endUserSessions(db: DbOrTrx, userId: number, keep?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep !== undefined) query = query.where('token_hash', '<>', keep);
  const result = await query.executeTakeFirst();
  credentialsChanged();
  return Number(result.numDeletedRows);
}
