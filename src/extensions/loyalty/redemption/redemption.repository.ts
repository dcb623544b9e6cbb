import type { DbOrTrx } from '../../../platform/db/database.js';

/** `loyalty_redemptions`: the points a cart session means to redeem (no ledger write until checkout). */
export interface RedemptionsTable {
  cart_session_id: string;
  user_id: number | null;
  points: number;
  created_at: string;
}

declare module '../../../platform/db/database.js' {
  interface Tables {
    loyalty_redemptions: RedemptionsTable;
  }
}

// Inside one transaction a cart session's redemption is read once: the hooks of one cart change or checkout
// (totals, order.created, cart.updated) each ask for it. Only this file writes the table, and keeps these in step.
const readInTransaction = new WeakMap<DbOrTrx, Map<string, RedemptionsTable | null>>();

function transactionReads(db: DbOrTrx): Map<string, RedemptionsTable | null> | undefined {
  if (!db.isTransaction) return undefined;
  let reads = readInTransaction.get(db);
  if (!reads) {
    reads = new Map();
    readInTransaction.set(db, reads);
  }
  return reads;
}

/** The redemption applied to a cart session, or null (read once per transaction). */
export async function findRedemption(db: DbOrTrx, cartSessionId: string): Promise<RedemptionsTable | null> {
  const reads = transactionReads(db);
  const known = reads?.get(cartSessionId);
  if (known !== undefined) return known;
  const row =
    (await db
      .selectFrom('loyalty_redemptions')
      .selectAll()
      .where('cart_session_id', '=', cartSessionId)
      .executeTakeFirst()) ?? null;
  reads?.set(cartSessionId, row);
  return row;
}

/** Stores (or replaces) a cart session's redemption. */
export async function saveRedemption(db: DbOrTrx, row: RedemptionsTable): Promise<void> {
  transactionReads(db)?.set(row.cart_session_id, { ...row });
  await db
    .insertInto('loyalty_redemptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('cart_session_id')
        .doUpdateSet({ user_id: row.user_id, points: row.points, created_at: row.created_at }),
    )
    .execute();
}

/** Removes a cart session's redemption; true when there was one. */
export async function deleteRedemption(db: DbOrTrx, cartSessionId: string): Promise<boolean> {
  transactionReads(db)?.set(cartSessionId, null);
  const result = await db
    .deleteFrom('loyalty_redemptions')
    .where('cart_session_id', '=', cartSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
