import { bumpTopics } from '../../../platform/cache/data-versions.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import type { AccountsTable, LedgerCountsTable, NewLedgerRow } from '../ledger/points-ledger.repository.js';
import { LOYALTY_TOPICS } from '../loyalty.topics.js';

/** Number of ledger rows (bench seeding only: a full count). */
export async function countLedgerRows(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('loyalty_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts ledger rows in multi-row batches inside one transaction (counters and balances are the caller's). */
export async function bulkInsertEntries(db: DbOrTrx, rows: NewLedgerRow[]): Promise<void> {
  await inBatches(db, rows, 1000, (trx, chunk) => trx.insertInto('loyalty_ledger').values(chunk).execute());
}

/** Adds counter rows (upsert, summing). */
export async function bulkInsertCounts(db: DbOrTrx, rows: LedgerCountsTable[]): Promise<void> {
  await inBatches(db, rows, 1000, (trx, chunk) =>
    trx
      .insertInto('loyalty_ledger_counts')
      .values(chunk)
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'day', 'transaction_type', 'reference_type'])
          .doUpdateSet((eb) => ({ n: eb('loyalty_ledger_counts.n', '+', eb.ref('excluded.n')) })),
      )
      .execute(),
  );
}

/** Inserts account rows (new customers only). */
export async function bulkInsertAccounts(db: DbOrTrx, rows: AccountsTable[]): Promise<void> {
  await inBatches(db, rows, 1000, (trx, chunk) => trx.insertInto('loyalty_accounts').values(chunk).execute());
}

async function inBatches<T>(
  db: DbOrTrx,
  rows: T[],
  size: number,
  write: (trx: DbOrTrx, chunk: T[]) => Promise<unknown>,
): Promise<void> {
  if (rows.length === 0) return;
  const run = async (trx: DbOrTrx) => {
    for (let i = 0; i < rows.length; i += size) await write(trx, rows.slice(i, i + size));
    // Every table written here is ledger, counter or balance rows.
    await bumpTopics(trx, LOYALTY_TOPICS.ledger);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}
