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

/** The redemption applied to a cart session, or null. */
export async function findRedemption(db: DbOrTrx, cartSessionId: string): Promise<RedemptionsTable | null> {
  return (
    (await db
      .selectFrom('loyalty_redemptions')
      .selectAll()
      .where('cart_session_id', '=', cartSessionId)
      .executeTakeFirst()) ?? null
  );
}

/** Stores (or replaces) a cart session's redemption. */
export async function saveRedemption(db: DbOrTrx, row: RedemptionsTable): Promise<void> {
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
  const result = await db
    .deleteFrom('loyalty_redemptions')
    .where('cart_session_id', '=', cartSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
