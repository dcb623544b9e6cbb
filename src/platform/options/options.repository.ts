import { type SqlBool, sql } from 'kysely';
import { bumpTopics } from '../cache/data-versions.js';
import { PLATFORM_TOPICS } from '../cache/topics.js';
import type { DbOrTrx } from '../db/database.js';
import { escapeLike } from '../db/sql-helpers.js';

declare module '../db/database.js' {
  interface Tables {
    options: { name: string; value: string };
    transients: { name: string; value: string; expires_at: string | null };
  }
}

/** A transient's stored row. */
export interface TransientRow {
  name: string;
  value: string;
  expires_at: string | null;
}

/** An option's stored JSON text, or null when it does not exist. */
export async function readOption(db: DbOrTrx, name: string): Promise<string | null> {
  const row = await db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

/** Stores an option's JSON text (insert or replace) and bumps the topic `options`. */
export async function writeOption(db: DbOrTrx, name: string, json: string): Promise<void> {
  await db
    .insertInto('options')
    .values({ name, value: json })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: json }))
    .execute();
  await bumpTopics(db, PLATFORM_TOPICS.options);
}

/** Stores an option's JSON text only when the option does not exist yet; true (and a bump) when it did not. */
export async function addOption(db: DbOrTrx, name: string, json: string): Promise<boolean> {
  const result = await db
    .insertInto('options')
    .values({ name, value: json })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added) await bumpTopics(db, PLATFORM_TOPICS.options);
  return added;
}

/** Deletes an option (and bumps the topic); true when it existed. */
export async function deleteOption(db: DbOrTrx, name: string): Promise<boolean> {
  const result = await db.deleteFrom('options').where('name', '=', name).executeTakeFirst();
  await bumpTopics(db, PLATFORM_TOPICS.options);
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every option whose name starts with `prefix` (and bumps the topic); returns how many. */
export async function deleteOptionsByPrefix(db: DbOrTrx, prefix: string): Promise<number> {
  const result = await db.deleteFrom('options').where(namePrefix(prefix)).executeTakeFirst();
  await bumpTopics(db, PLATFORM_TOPICS.options);
  return Number(result.numDeletedRows);
}

/** A transient's row, or undefined. */
export async function findTransient(db: DbOrTrx, name: string): Promise<TransientRow | undefined> {
  return db.selectFrom('transients').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Deletes a transient's row only while it still has the expiry `expiresAt` (it expired and was not set again). */
export async function deleteExpiredTransient(db: DbOrTrx, name: string, expiresAt: string): Promise<void> {
  await db.deleteFrom('transients').where('name', '=', name).where('expires_at', '=', expiresAt).execute();
}

/** Stores a transient (insert or replace, with its new expiry). */
export async function writeTransient(db: DbOrTrx, row: TransientRow): Promise<void> {
  await db
    .insertInto('transients')
    .values(row)
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: row.value, expires_at: row.expires_at }))
    .execute();
}

/** Deletes a transient. */
export async function deleteTransient(db: DbOrTrx, name: string): Promise<void> {
  await db.deleteFrom('transients').where('name', '=', name).execute();
}

/** Deletes every transient whose name starts with `prefix`; returns how many. */
export async function deleteTransientsByPrefix(db: DbOrTrx, prefix: string): Promise<number> {
  const result = await db.deleteFrom('transients').where(namePrefix(prefix)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes every transient expired at `now` (a database time); returns how many. */
export async function purgeExpiredTransients(db: DbOrTrx, now: string): Promise<number> {
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
