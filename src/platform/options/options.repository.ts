import { type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../db/database.js';
import { isPostgres } from '../db/engine.js';
import { escapeLike } from '../db/sql-helpers.js';

/** A row of `transients`: a JSON value and when it expires (null: never). */
export interface TransientRow {
  name: string;
  value: string;
  expires_at: string | null;
}

declare module '../db/database.js' {
  interface Tables {
    options: { name: string; value: string };
    transients: TransientRow;
  }
}

/** The JSON text of an option, or null when missing. */
export async function readOption(db: DbOrTrx, name: string): Promise<string | null> {
  const row = await db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

/** The JSON text of an option, its row locked until the transaction ends (PostgreSQL; SQLite's write lock is the transaction's). */
export async function readOptionForUpdate(db: DbOrTrx, name: string): Promise<string | null> {
  let query = db.selectFrom('options').select('value').where('name', '=', name);
  if (isPostgres(db)) query = query.forUpdate();
  return (await query.executeTakeFirst())?.value ?? null;
}

/** Stores an option's JSON text (insert or replace). */
export async function upsertOption(db: DbOrTrx, name: string, json: string): Promise<void> {
  await db
    .insertInto('options')
    .values({ name, value: json })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: json }))
    .execute();
}

/** Stores an option's JSON text only when the option does not exist yet; true when it was inserted. */
export async function insertOptionIfMissing(db: DbOrTrx, name: string, json: string): Promise<boolean> {
  const result = await db
    .insertInto('options')
    .values({ name, value: json })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Deletes an option; true when it existed. */
export async function deleteOptionRow(db: DbOrTrx, name: string): Promise<boolean> {
  const result = await db.deleteFrom('options').where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every option whose name starts with `prefix`; returns how many. */
export async function deleteOptionsByPrefix(db: DbOrTrx, prefix: string): Promise<number> {
  const result = await db.deleteFrom('options').where(namePrefix(prefix)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The transient row by name, expired or not. */
export function findTransient(db: DbOrTrx, name: string): Promise<TransientRow | undefined> {
  return db.selectFrom('transients').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Stores a transient (insert or replace, expiry included). */
export async function upsertTransient(db: DbOrTrx, row: TransientRow): Promise<void> {
  await db
    .insertInto('transients')
    .values(row)
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: row.value, expires_at: row.expires_at }))
    .execute();
}

/** Deletes a transient; with `expiresAt`, only while it still has that expiry (not refreshed meanwhile). */
export async function deleteTransientRow(db: DbOrTrx, name: string, expiresAt?: string): Promise<void> {
  let query = db.deleteFrom('transients').where('name', '=', name);
  if (expiresAt !== undefined) query = query.where('expires_at', '=', expiresAt);
  await query.execute();
}

/** Deletes every transient whose name starts with `prefix`; returns how many. */
export async function deleteTransientsByPrefix(db: DbOrTrx, prefix: string): Promise<number> {
  const result = await db.deleteFrom('transients').where(namePrefix(prefix)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every transient that expired at or before `now` (a database time); returns how many. */
export async function deleteExpiredTransients(db: DbOrTrx, now: string): Promise<number> {
  const result = await db
    .deleteFrom('transients')
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// `name LIKE 'prefix%'` with the wildcards of the prefix escaped; SQLite has no default LIKE escape character.
function namePrefix(prefix: string) {
  return sql<SqlBool>`name like ${`${escapeLike(prefix)}%`} escape '\\'`;
}
