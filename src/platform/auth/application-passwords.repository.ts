import type { DbOrTrx } from '../db/database.js';
import { credentialsChanged } from './principal-cache.js';

/** A row of `application_passwords`. */
export interface ApplicationPasswordRow {
  uuid: string;
  user_id: number;
  app_id: string;
  name: string;
  password_hash: string;
  created_at: string;
  last_used: string | null;
  last_ip: string | null;
}

declare module '../db/database.js' {
  interface Tables {
    application_passwords: ApplicationPasswordRow;
  }
}

/** Stores a new application password. */
export async function insertApplicationPassword(db: DbOrTrx, row: ApplicationPasswordRow): Promise<void> {
  await db.insertInto('application_passwords').values(row).execute();
}

/** Every application password of a user, oldest first. */
export async function findApplicationPasswordsOf(
  db: DbOrTrx,
  userId: number,
): Promise<ApplicationPasswordRow[]> {
  return db
    .selectFrom('application_passwords')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Deletes one password of a user; returns the deleted row, if any. */
export async function deleteApplicationPasswordRow(
  db: DbOrTrx,
  userId: number,
  uuid: string,
): Promise<ApplicationPasswordRow | undefined> {
  const row = await db
    .deleteFrom('application_passwords')
    .where('user_id', '=', userId)
    .where('uuid', '=', uuid)
    .returningAll()
    .executeTakeFirst();
  await credentialsChanged(db);
  return row;
}

/** The password of a user with this hash, if any. */
export async function findApplicationPasswordByHash(
  db: DbOrTrx,
  userId: number,
  hash: string,
): Promise<ApplicationPasswordRow | undefined> {
  return db
    .selectFrom('application_passwords')
    .selectAll()
    .where('user_id', '=', userId)
    .where('password_hash', '=', hash)
    .executeTakeFirst();
}

/** Records when and from where a password was last used. */
export async function recordApplicationPasswordUse(
  db: DbOrTrx,
  input: { uuid: string; usedAt: string; ip: string },
): Promise<void> {
  await db
    .updateTable('application_passwords')
    .set({ last_used: input.usedAt, last_ip: input.ip })
    .where('uuid', '=', input.uuid)
    .execute();
}
