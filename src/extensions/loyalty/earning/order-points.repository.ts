import type { DbOrTrx } from '../../../platform/db/database.js';

/** One sum of an order's ledger entries (hundredths), by reference and transaction type. */
export interface OrderLedgerSum {
  referenceType: string;
  transactionType: string;
  amount: number;
}

/** The sums of the ledger entries that reference an order (its earning, redemption, clawbacks, returns). */
export async function orderLedgerSums(db: DbOrTrx, orderId: number): Promise<OrderLedgerSum[]> {
  const rows = await db
    .selectFrom('loyalty_ledger')
    .select((eb) => ['reference_type', 'transaction_type', eb.fn.sum<number>('amount').as('amount')])
    .where('reference_type', 'in', ['order', 'refund'])
    .where('reference_id', '=', orderId)
    .groupBy(['reference_type', 'transaction_type'])
    .execute();
  return rows.map((r) => ({
    referenceType: r.reference_type,
    transactionType: r.transaction_type,
    amount: Number(r.amount ?? 0),
  }));
}

/** The balances (hundredths) and tiers of the given customers that have an account. */
export async function accountBalances(
  db: DbOrTrx,
  userIds: readonly number[],
): Promise<Array<{ user_id: number; balance: number; tier: string }>> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('loyalty_accounts')
    .select(['user_id', 'balance', 'tier'])
    .where('user_id', 'in', [...userIds])
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, balance: Number(r.balance), tier: r.tier }));
}
