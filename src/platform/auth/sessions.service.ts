import type { Clock } from '../clock.js';
import type { DbOrTrx } from '../db/database.js';
import { fromDbTime, toDbTime } from '../db/sql-helpers.js';
import { hashToken, randomToken } from '../security/hashing.js';
import { deleteSession, deleteUserSessions, findLiveSession, insertSession } from './sessions.repository.js';

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
  await insertSession(db, {
    token_hash: hash,
    user_id: userId,
    created_at: toDbTime(now),
    expires_at: toDbTime(new Date(now.getTime() + SESSION_TTL_MS)),
  });
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
  const row = await findLiveSession(db, hash, toDbTime(clock.now()));
  return row ? { userId: row.user_id, hash, expiresAt: fromDbTime(row.expires_at) } : null;
}

/** Ends one session. */
export async function endSession(db: DbOrTrx, hash: string): Promise<void> {
  await deleteSession(db, hash);
}

/** Ends every session of a user but `keep` (a session hash, when given); returns how many ended. */
export async function endUserSessions(db: DbOrTrx, userId: number, keep?: string): Promise<number> {
  return deleteUserSessions(db, userId, keep);
}
