import type { DbOrTrx } from '../db/database.js';

/** A row of `password_reset_keys`: the SHA-256 of the key e-mailed to the user, and when it stops working. */
export interface PasswordResetKeyRow {
  user_id: number;
  key_hash: string;
  expires_at: string;
  created_at: string;
}

declare module '../db/database.js' {
  interface Tables {
    password_reset_keys: PasswordResetKeyRow;
  }
}

/** Stores the user's new key, replacing the one they had (a new request makes the older link stop working). */
export async function replaceResetKey(db: DbOrTrx, row: PasswordResetKeyRow): Promise<void> {
  await db.deleteFrom('password_reset_keys').where('user_id', '=', row.user_id).execute();
  await db.insertInto('password_reset_keys').values(row).execute();
}

/** The user whose live key has this hash (not expired at `now`), or null. */
export async function findResetKeyUser(db: DbOrTrx, keyHash: string, now: string): Promise<number | null> {
  const row = await db
    .selectFrom('password_reset_keys')
    .select('user_id')
    .where('key_hash', '=', keyHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Deletes the live key with this hash and returns its user: at most one caller ever gets it (single use). */
export async function consumeResetKey(db: DbOrTrx, keyHash: string, now: string): Promise<number | null> {
  const user = await findResetKeyUser(db, keyHash, now);
  if (user === null) return null;
  const deleted = await db
    .deleteFrom('password_reset_keys')
    .where('key_hash', '=', keyHash)
    .where('user_id', '=', user)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? user : null;
}
