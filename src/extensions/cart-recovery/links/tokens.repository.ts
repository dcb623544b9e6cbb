import type { Generated, Selectable } from 'kysely';
import type { DbOrTrx } from '../../../platform/db/database.js';

/** The `cr_tokens` table: every restore and unsubscribe link ever sent, by SHA-256 of its token. */
export interface CrTokensTable {
  id: Generated<number>;
  session_id: number;
  notification_id: number | null;
  kind: 'restore' | 'unsubscribe';
  token_hash: string;
  expires_at: string | null;
  first_used_at: string | null;
  created_at: string;
}

/** The `cr_restores` table: which browser cart a restore link rebuilt (for idempotency and attribution). */
export interface CrRestoresTable {
  id: Generated<number>;
  session_id: number;
  token_id: number;
  cart_session_id: string;
  created_at: string;
}

declare module '../../../platform/db/database.js' {
  interface Tables {
    cr_tokens: CrTokensTable;
    cr_restores: CrRestoresTable;
  }
}

/** A link token row. */
export type TokenRow = Selectable<CrTokensTable>;

/** Stores a link token's hash. */
export async function insertToken(
  db: DbOrTrx,
  row: Omit<CrTokensTable, 'id' | 'first_used_at'>,
): Promise<number> {
  const inserted = await db
    .insertInto('cr_tokens')
    .values({ ...row, first_used_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A token by the hash of its value and kind. */
export async function findToken(db: DbOrTrx, kind: TokenRow['kind'], hash: string): Promise<TokenRow | null> {
  return (
    (await db
      .selectFrom('cr_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('kind', '=', kind)
      .executeTakeFirst()) ?? null
  );
}

/** Marks the first use of a token (later uses keep the first time). */
export async function markTokenUsed(db: DbOrTrx, id: number, at: string): Promise<void> {
  await db
    .updateTable('cr_tokens')
    .set({ first_used_at: at })
    .where('id', '=', id)
    .where('first_used_at', 'is', null)
    .execute();
}

/** Records that a token rebuilt a browser's cart. */
export async function insertRestore(
  db: DbOrTrx,
  row: { session_id: number; token_id: number; cart_session_id: string; created_at: string },
): Promise<void> {
  await db.insertInto('cr_restores').values(row).execute();
}

/** True when this token already rebuilt this browser cart (a reload). */
export async function restoreExists(db: DbOrTrx, tokenId: number, cartSessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('cr_restores')
    .select('id')
    .where('token_id', '=', tokenId)
    .where('cart_session_id', '=', cartSessionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The newest restore into a browser cart: which session and token it came from. */
export async function latestRestoreForCart(
  db: DbOrTrx,
  cartSessionId: string,
): Promise<{ session_id: number; token_id: number; notification_id: number | null } | null> {
  const row = await db
    .selectFrom('cr_restores')
    .innerJoin('cr_tokens', 'cr_tokens.id', 'cr_restores.token_id')
    .select(['cr_restores.session_id', 'cr_restores.token_id', 'cr_tokens.notification_id'])
    .where('cr_restores.cart_session_id', '=', cartSessionId)
    .orderBy('cr_restores.id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}
