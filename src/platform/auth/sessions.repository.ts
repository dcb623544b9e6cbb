import type { DbOrTrx } from '../db/database.js';
import { credentialsChanged } from './principal-cache.js';

/** A row of `sessions` (a login session, by the SHA-256 of its cookie token). */
export interface SessionRow {
  token_hash: string;
  user_id: number;
  expires_at: string;
  created_at: string;
}

declare module '../db/database.js' {
  interface Tables {
    sessions: SessionRow;
  }
}

/** Stores a new session. */
export async function insertSession(db: DbOrTrx, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The user and expiry of the session with this hash, if it expires after `now` (a DB time). */
export async function findLiveSession(
  db: DbOrTrx,
  hash: string,
  now: string,
): Promise<{ user_id: number; expires_at: string } | undefined> {
  return db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', hash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Deletes one session. */
export async function deleteSession(db: DbOrTrx, hash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
  await credentialsChanged(db);
}

/** Deletes every session of a user but `keep` (a session hash, when given); returns how many. */
export async function deleteUserSessions(db: DbOrTrx, userId: number, keep?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep !== undefined) query = query.where('token_hash', '<>', keep);
  const result = await query.executeTakeFirst();
  await credentialsChanged(db);
  return Number(result.numDeletedRows);
}
