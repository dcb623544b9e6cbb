import { sql } from 'kysely';
import { topicBumpCte } from '../../../platform/cache/data-versions.js';
import { writeAtomically } from '../../../platform/db/atomic-write.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { isPostgres } from '../../../platform/db/engine.js';
import { LOYALTY_TOPICS } from '../loyalty.topics.js';
import type { LedgerRow, NewLedgerRow } from './points-ledger.repository.js';

/** A credit that needs no check first: an entry whose balance after it the write computes. */
export type NewCredit = Omit<NewLedgerRow, 'transaction_type' | 'remaining' | 'balance_after'>;

/** What a ledger write produced: the entry, the balance after it, and whether it was an earlier write replayed. */
export interface EntryResult {
  entry: LedgerRow;
  balance: number;
  replayed: boolean;
}

/**
 * Writes one ledger entry atomically, each engine its fastest way: `credit` (a credit that needs no check first,
 * or null) as one statement on PostgreSQL (`insertCreditAtOnce`); anything else by `write`, inside `db` when it
 * is a transaction, else in one of its own (grouped with concurrent writes into one commit on SQLite).
 */
export async function writeLedgerEntry(
  db: DbOrTrx,
  entry: { credit: NewCredit | null; write: (trx: DbOrTrx) => Promise<EntryResult> },
): Promise<EntryResult> {
  if (entry.credit === null || !isPostgres(db)) return writeAtomically(db, entry.write);
  const { credit } = entry;
  const { id, balance } = await insertCreditAtOnce(db, credit);
  return {
    entry: { id, ...credit, transaction_type: 'credit', remaining: credit.amount, balance_after: balance },
    balance,
    replayed: false,
  };
}

/**
 * PostgreSQL: writes a credit in one statement, so it needs no transaction around it: the balance is moved
 * (which locks the account row), the entry inserted, its four counters bumped and then the topic
 * `loyalty.ledger`, in `insertEntry`'s lock order (each step reads all rows of the one before). Every upsert
 * reads the latest committed row, so concurrent credits add up exactly. Returns the entry id and the balance.
 */
async function insertCreditAtOnce(db: DbOrTrx, row: NewCredit): Promise<{ id: number; balance: number }> {
  const day = row.created_at.slice(0, 10);
  const topic = topicBumpCte(db, 'counted', LOYALTY_TOPICS.ledger);
  const { rows } = await sql<{ id: number; balance: number }>`
    with account as (
      insert into loyalty_accounts (user_id, balance, tier, updated_at)
      values (${row.user_id}, ${row.amount}, '', ${row.created_at})
      on conflict (user_id) do update
        set balance = loyalty_accounts.balance + excluded.balance, updated_at = excluded.updated_at
      returning balance
    ), entry as (
      insert into loyalty_ledger (user_id, transaction_type, amount, reference_type, reference_id, description,
        expires_at, remaining, balance_after, idempotency_key, created_at)
      select ${row.user_id}::integer, 'credit', ${row.amount}::integer, ${row.reference_type}::varchar,
        ${row.reference_id}::integer, ${row.description}::varchar, ${row.expires_at}::varchar,
        ${row.amount}::integer, account.balance, ${row.idempotency_key}::varchar, ${row.created_at}::varchar
      from account
      returning id, balance_after
    ), counted as (
      insert into loyalty_ledger_counts (user_id, day, transaction_type, reference_type, n)
      select bucket.user_id, bucket.day, 'credit', ${row.reference_type}::varchar, 1
      from (select count(*) as written from entry) as e,
        (values (${row.user_id}::integer, ${day}::varchar), (${row.user_id}::integer, '*'), (0, ${day}::varchar), (0, '*'))
          as bucket(user_id, day)
      where e.written > 0
      on conflict (user_id, day, transaction_type, reference_type) do update
        set n = loyalty_ledger_counts.n + excluded.n
      returning 1
    ), ${topic.cte}
    select entry.id, entry.balance_after as balance from entry`.execute(db);
  const written = rows[0]!;
  await topic.settle();
  return { id: Number(written.id), balance: Number(written.balance) };
}
