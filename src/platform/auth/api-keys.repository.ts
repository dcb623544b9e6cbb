import type { Generated } from 'kysely';
import type { DbOrTrx } from '../db/database.js';
import type { ApiKeyPermissions } from './principal.js';
import { credentialsChanged } from './principal-cache.js';

/** A selected row of `api_keys`. */
export interface ApiKeyRow {
  id: number;
  user_id: number;
  description: string;
  permissions: ApiKeyPermissions;
  consumer_key_hash: string;
  consumer_secret_sealed: string;
  truncated_key: string;
  last_access: string | null;
  created_at: string;
}

/** A row of `api_key_nonces`: an OAuth 1.0a nonce a key used, kept for the timestamp window. */
export interface ApiKeyNonceRow {
  key_id: number;
  nonce: string;
  seen_at: string;
}

/** The `api_keys` table (its id generated). */
export type ApiKeysTable = Omit<ApiKeyRow, 'id'> & { id: Generated<number> };

declare module '../db/database.js' {
  interface Tables {
    api_keys: ApiKeysTable;
    api_key_nonces: ApiKeyNonceRow;
  }
}

/** Stores a new key; returns its id. */
export async function insertApiKey(db: DbOrTrx, row: Omit<ApiKeyRow, 'id'>): Promise<number> {
  const inserted = await db.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Every key of a user (or of every user), oldest first. */
export async function findApiKeys(db: DbOrTrx, userId?: number): Promise<ApiKeyRow[]> {
  let query = db.selectFrom('api_keys').selectAll();
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('id').execute();
}

/** The key whose consumer key has this HMAC, if any. */
export async function findApiKeyByHash(db: DbOrTrx, hash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('consumer_key_hash', '=', hash).executeTakeFirst();
}

/** Deletes one key (of `userId` when given) and drops every cached principal; returns the deleted row. */
export async function deleteApiKeyRow(
  db: DbOrTrx,
  input: { id: number; userId?: number },
): Promise<ApiKeyRow | undefined> {
  let query = db.deleteFrom('api_keys').where('id', '=', input.id);
  if (input.userId !== undefined) query = query.where('user_id', '=', input.userId);
  const row = await query.returningAll().executeTakeFirst();
  if (row) await credentialsChanged(db);
  return row;
}

/** Records when a key was last used. */
export async function recordApiKeyAccess(db: DbOrTrx, input: { id: number; at: string }): Promise<void> {
  await db.updateTable('api_keys').set({ last_access: input.at }).where('id', '=', input.id).execute();
}

/**
 * Remembers an OAuth nonce of a key; false when the key already used it (the primary key refuses the second
 * insert, so every instance sharing the database agrees).
 */
export async function rememberApiKeyNonce(db: DbOrTrx, row: ApiKeyNonceRow): Promise<boolean> {
  const inserted = await db
    .insertInto('api_key_nonces')
    .values(row)
    .onConflict((c) => c.columns(['key_id', 'nonce']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets the nonces seen before `before` (outside the timestamp window, a replay is refused by its timestamp). */
export async function forgetApiKeyNoncesBefore(db: DbOrTrx, before: string): Promise<void> {
  await db.deleteFrom('api_key_nonces').where('seen_at', '<', before).execute();
}
