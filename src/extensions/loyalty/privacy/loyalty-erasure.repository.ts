import { bumpTopics } from '../../../platform/cache/data-versions.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { LOYALTY_TOPICS } from '../loyalty.topics.js';

/**
 * Deletes everything loyalty holds about one user: the account (balance, tier, referral code), every ledger
 * entry, their redemptions and their entry counters. The shop-wide counters (user 0) lose exactly the user's
 * counts, so the ledger's totals stay the sum of its rows; others referred by the user keep their points but no
 * longer name them. Answers how many entries went and whether there was an account. Run inside a transaction.
 */
export async function deleteLoyaltyData(
  trx: DbOrTrx,
  userId: number,
): Promise<{ entries: number; account: boolean }> {
  // The account first: every ledger write locks it before anything else (ledger-write.repository.ts).
  const account = await trx.deleteFrom('loyalty_accounts').where('user_id', '=', userId).executeTakeFirst();
  const counts = await trx
    .selectFrom('loyalty_ledger_counts')
    .select(['day', 'transaction_type', 'reference_type', 'n'])
    .where('user_id', '=', userId)
    .execute();
  for (const c of counts)
    await trx
      .updateTable('loyalty_ledger_counts')
      .set((eb) => ({ n: eb('n', '-', c.n) }))
      .where('user_id', '=', 0)
      .where('day', '=', c.day)
      .where('transaction_type', '=', c.transaction_type)
      .where('reference_type', '=', c.reference_type)
      .execute();
  await trx.deleteFrom('loyalty_ledger_counts').where('user_id', '=', userId).execute();
  const entries = await trx.deleteFrom('loyalty_ledger').where('user_id', '=', userId).executeTakeFirst();
  await trx.deleteFrom('loyalty_redemptions').where('user_id', '=', userId).execute();
  await trx
    .updateTable('loyalty_accounts')
    .set({ referred_by: null })
    .where('referred_by', '=', userId)
    .execute();
  await bumpTopics(trx, LOYALTY_TOPICS.ledger);
  return { entries: Number(entries.numDeletedRows), account: Number(account.numDeletedRows) > 0 };
}
