import type SQLite from 'better-sqlite3';
import { type Generated, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { bumpTopics } from '../../../platform/cache/data-versions.js';
import {
  type Db,
  type DbOrTrx,
  type Engine,
  postgresPool,
  sqliteHandle,
  type Tables,
} from '../../../platform/db/database.js';
import { escapeLike } from '../../../platform/db/sql-helpers.js';

/** Direction of a ledger entry. */
export type TransactionType = 'credit' | 'debit';
import type { ReferenceType } from './ledger-references.constants.js';
import { LOYALTY_TOPICS } from '../loyalty.topics.js';

export { REFERENCE_TYPES, type ReferenceType } from './ledger-references.constants.js';

/** `loyalty_ledger`: append-only; amounts are positive integer hundredths, the type gives the sign. */
export interface LedgerTable {
  id: Generated<number>;
  user_id: number;
  transaction_type: TransactionType;
  amount: number;
  reference_type: ReferenceType;
  reference_id: number;
  description: string;
  expires_at: string | null;
  /** Credits: hundredths not yet consumed (first in, first out); debits: 0. */
  remaining: number;
  /** The customer's balance right after this entry. */
  balance_after: number;
  /** Set on entries that must be written once (order earnings, clawbacks, Idempotency-Key adjustments). */
  idempotency_key: string | null;
  created_at: string;
}

/** `loyalty_ledger_counts`: entries per (user, day, type, reference type); user 0 = everyone, day `*` = all time. */
export interface LedgerCountsTable {
  user_id: number;
  day: string;
  transaction_type: TransactionType;
  reference_type: ReferenceType;
  n: number;
}

/** `loyalty_accounts`: one row per customer, the balance kept in step with the ledger. */
export interface AccountsTable {
  user_id: number;
  balance: number;
  tier: string;
  referral_code: string | null;
  referred_by: number | null;
  updated_at: string;
}

declare module '../../../platform/db/database.js' {
  interface Tables {
    loyalty_ledger: LedgerTable;
    loyalty_ledger_counts: LedgerCountsTable;
    loyalty_accounts: AccountsTable;
  }
}

/** A stored ledger entry. */
export type LedgerRow = Selectable<LedgerTable>;
/**
 * A ledger entry as the export reads it: a tuple of CSV pieces (no object per row) whose cells need no quoting
 * and are already joined by the database — `id,user_id`; user_id; `transaction_type,amount,reference_type,
 * reference_id` (amount as points with two decimals); description (free text, quoted by the caller);
 * `expires_at,created_at`. Fewer values per row make a big export faster on SQLite.
 */
export type LedgerExportRow = [
  head: string,
  userId: number,
  middle: string,
  description: string,
  tail: string,
];
/** A new ledger entry. */
export type NewLedgerRow = Omit<LedgerRow, 'id'>;

/** Which entries a ledger query selects (dates are `YYYY-MM-DD`, inclusive). */
export interface LedgerFilter {
  userId?: number;
  transactionType?: TransactionType;
  referenceType?: ReferenceType;
  dateFrom?: string;
  dateTo?: string;
}

/** Creates the account row if missing and returns its balance; on PostgreSQL the upsert locks the row until commit. */
export async function lockAccount(trx: DbOrTrx, userId: number, now: string): Promise<number> {
  const row = await trx
    .insertInto('loyalty_accounts')
    .values({ user_id: userId, balance: 0, tier: '', updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: now }))
    .returning('balance')
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * Moves a customer's balance by `delta` hundredths (creating the account), which locks the row until commit, and
 * returns the new balance. With `floor` the move is made only when the balance stays at zero or above; otherwise
 * nothing is written and the answer is null.
 */
export async function moveBalance(
  trx: DbOrTrx,
  userId: number,
  delta: number,
  now: string,
  floor: boolean,
): Promise<number | null> {
  if (floor) {
    const row = await trx
      .updateTable('loyalty_accounts')
      .set({ balance: sql`balance + ${delta}`, updated_at: now })
      .where('user_id', '=', userId)
      .where(sql<SqlBool>`balance + ${delta} >= 0`)
      .returning('balance')
      .executeTakeFirst();
    return row ? Number(row.balance) : null;
  }
  const row = await trx
    .insertInto('loyalty_accounts')
    .values({ user_id: userId, balance: delta, tier: '', updated_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ balance: sql`loyalty_accounts.balance + ${delta}`, updated_at: now }),
    )
    .returning('balance')
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** The entry written under an idempotency key, if any. */
export async function findEntryByKey(db: DbOrTrx, key: string): Promise<LedgerRow | null> {
  return (
    (await db
      .selectFrom('loyalty_ledger')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst()) ?? null
  );
}

/**
 * Writes one entry inside the transaction that moved the customer's balance (`moveBalance`): a debit first
 * consumes open credit lots when `consume` is set, then the entry is inserted, its four counters are bumped, and
 * last the cache topic `loyalty.ledger` is bumped. Returns the entry id. Every transaction takes the shared rows
 * in this order (account, counters, topic), so PostgreSQL row locks stay deadlock-free.
 */
export async function insertEntry(trx: DbOrTrx, row: NewLedgerRow, consume = false): Promise<number> {
  if (consume) await consumeLots(trx, row.user_id, row.amount);
  const { id } = await trx.insertInto('loyalty_ledger').values(row).returning('id').executeTakeFirstOrThrow();
  const day = row.created_at.slice(0, 10);
  const bucket = { transaction_type: row.transaction_type, reference_type: row.reference_type, n: 1 };
  // Fixed order (own rows, then the shared user-0 rows) keeps PostgreSQL row locks deadlock-free.
  await trx
    .insertInto('loyalty_ledger_counts')
    .values([
      { user_id: row.user_id, day, ...bucket },
      { user_id: row.user_id, day: '*', ...bucket },
      { user_id: 0, day, ...bucket },
      { user_id: 0, day: '*', ...bucket },
    ])
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day', 'transaction_type', 'reference_type'])
        .doUpdateSet((eb) => ({ n: eb('loyalty_ledger_counts.n', '+', eb.ref('excluded.n')) })),
    )
    .execute();
  await bumpTopics(trx, LOYALTY_TOPICS.ledger);
  return Number(id);
}

/** Consumes `amount` hundredths from a customer's open credit lots, oldest first, in one statement. */
async function consumeLots(trx: DbOrTrx, userId: number, amount: number): Promise<void> {
  await sql`update loyalty_ledger
    set remaining = case when lots.cum <= ${amount} then 0 else lots.cum - ${amount} end
    from (
      select id as lot_id, remaining as lot_remaining,
             sum(remaining) over (order by created_at, id) as cum
      from loyalty_ledger where user_id = ${userId} and remaining > 0
    ) as lots
    where loyalty_ledger.id = lots.lot_id and lots.cum - lots.lot_remaining < ${amount}`.execute(trx);
}

/** One page of entries, newest first. */
export async function listEntries(
  db: DbOrTrx,
  filter: LedgerFilter,
  window: { offset: number; limit: number },
): Promise<LedgerRow[]> {
  return applyFilter(db.selectFrom('loyalty_ledger').selectAll(), filter)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}

/**
 * Runs a synchronous read on the raw SQLite connection seeing committed data only: at once when no transaction
 * is open on it (nothing can interleave with a synchronous read), else after taking Kysely's connection lock
 * (the open transaction ends first).
 */
async function readCommitted<T>(db: Kysely<Tables>, sqlite: SQLite.Database, read: () => T): Promise<T> {
  return sqlite.inTransaction ? db.connection().execute(async () => read()) : read();
}

/** How many entries match a filter, summed from the counters (never a scan of the ledger). */
export async function countEntries(db: DbOrTrx, filter: LedgerFilter): Promise<number> {
  let query = db
    .selectFrom('loyalty_ledger_counts')
    .select((eb) => eb.fn.sum<number>('n').as('n'))
    .where('user_id', '=', filter.userId ?? 0);
  if (filter.dateFrom || filter.dateTo) {
    query = query
      .where('day', '>=', filter.dateFrom ?? '0000-00-00')
      .where('day', '<=', filter.dateTo ?? '9999-99-99');
  } else query = query.where('day', '=', '*');
  if (filter.transactionType) query = query.where('transaction_type', '=', filter.transactionType);
  if (filter.referenceType) query = query.where('reference_type', '=', filter.referenceType);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The export's pieces (see LedgerExportRow), in each engine's SQL: hundredths as points with two decimals. */
function exportColumns(engine: 'sqlite' | 'postgres'): string[] {
  const cents =
    engine === 'sqlite'
      ? `substr('0' || (abs(amount) % 100), -2)`
      : `lpad((abs(amount) % 100)::text, 2, '0')`;
  const points = `(case when amount < 0 then '-' else '' end) || (abs(amount) / 100) || '.' || ${cents}`;
  return [
    `id || ',' || user_id`,
    'user_id',
    `transaction_type || ',' || ${points} || ',' || reference_type || ',' || reference_id`,
    'description',
    `coalesce(expires_at, '') || ',' || created_at`,
  ];
}

/**
 * Up to `limit` entries, oldest first, strictly after `after` (keyset; a row-value comparison seeks the
 * `(created_at, id)` index on both engines, an OR of two tests would scan it), with the key of the last one.
 * Oldest first because the table's rows then come in rowid order: SQLite's b-tree steps to the next rowid
 * without a search and the kernel reads the file ahead (docs/loyalty.md, "CSV export").
 * Read through the driver itself, not Kysely, with the app's query builder (never inside a transaction): on
 * SQLite one raw-mode prepared statement of better-sqlite3 (arrays: no object per row), run to completion
 * under Kysely's connection lock so the connection is free between batches; on PostgreSQL `pool.query` with
 * `rowMode: 'array'` (through Kysely's driver each batch's rows outlived V8's young generation and piled up in
 * the old one; docs/loyalty.md, "CSV export").
 */
export async function exportBatch(
  db: Db,
  filter: LedgerFilter,
  after: LedgerKey | null,
  limit: number,
): Promise<{ rows: LedgerExportRow[]; last: LedgerKey | null }> {
  const rows = await exportRows(db, filter, after, limit);
  const final = rows[rows.length - 1];
  // The key of the last row, read back from its pieces: `id,…` and `…,created_at`.
  const last = final
    ? { id: Number(final[0].slice(0, final[0].indexOf(','))), createdAt: final[4].slice(-19) }
    : null;
  return { rows, last };
}

/** The position of an entry in the ledger's `(created_at, id)` order. */
export interface LedgerKey {
  createdAt: string;
  id: number;
}

async function exportRows(
  db: Db,
  filter: LedgerFilter,
  after: LedgerKey | null,
  limit: number,
): Promise<LedgerExportRow[]> {
  const sqlite = sqliteHandle(db);
  if (sqlite) {
    const { text, values } = exportQuery('sqlite', filter, after, limit);
    const statement = sqlite.prepare(text);
    return readCommitted(db, sqlite, () => statement.raw(true).all(...values) as LedgerExportRow[]);
  }
  const { text, values } = exportQuery('postgres', filter, after, limit);
  const { rows } = await postgresPool(db)!.query<LedgerExportRow>({ text, values, rowMode: 'array' });
  return rows;
}

/** The SQL of one export batch with its parameters, in the engine's placeholders (`?`, or `$1`, `$2`, …). */
function exportQuery(
  engine: Engine,
  filter: LedgerFilter,
  after: LedgerKey | null,
  limit: number,
): { text: string; values: Array<string | number> } {
  const values: Array<string | number> = [];
  const param = (value: string | number) => {
    values.push(value);
    return engine === 'sqlite' ? '?' : `$${values.length}`;
  };
  const where: string[] = [];
  if (filter.userId !== undefined) where.push(`user_id = ${param(filter.userId)}`);
  if (filter.transactionType) where.push(`transaction_type = ${param(filter.transactionType)}`);
  if (filter.referenceType) where.push(`reference_type = ${param(filter.referenceType)}`);
  if (filter.dateFrom) where.push(`created_at >= ${param(`${filter.dateFrom} 00:00:00`)}`);
  if (filter.dateTo) where.push(`created_at <= ${param(`${filter.dateTo} 23:59:59`)}`);
  if (after) where.push(`(created_at, id) > (${param(after.createdAt)}, ${param(after.id)})`);
  const filtered = where.length > 0 ? ` where ${where.join(' and ')}` : '';
  const text = `select ${exportColumns(engine).join(', ')} from loyalty_ledger${filtered} order by created_at, id limit ${param(limit)}`;
  return { text, values };
}

/** Display name and e-mail of the given users (one query per export batch instead of a join per row). */
export async function userLabels(
  db: DbOrTrx,
  userIds: number[],
): Promise<Map<number, { display_name: string; email: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'display_name', 'email'])
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Sum (hundredths) of a customer's credits of the given reference types since `since`. */
export async function sumCreditsSince(
  db: DbOrTrx,
  userId: number,
  referenceTypes: readonly ReferenceType[],
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('loyalty_ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('transaction_type', '=', 'credit')
    .where('reference_type', 'in', referenceTypes)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Tier points (hundredths) of every customer with earning credits since `since`. */
export async function sumCreditsSinceByUser(
  db: DbOrTrx,
  referenceTypes: readonly ReferenceType[],
  since: string,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('loyalty_ledger')
    .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('created_at', '>=', since)
    .where('transaction_type', '=', 'credit')
    .where('reference_type', 'in', referenceTypes)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.total)]));
}

/** Sum (hundredths) of the entries of one type and direction that refer to `referenceId`. */
export async function sumByReference(
  db: DbOrTrx,
  input: {
    userId: number;
    referenceType: ReferenceType;
    referenceId: number;
    transactionType: TransactionType;
  },
): Promise<number> {
  const row = await db
    .selectFrom('loyalty_ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('reference_type', '=', input.referenceType)
    .where('reference_id', '=', input.referenceId)
    .where('user_id', '=', input.userId)
    .where('transaction_type', '=', input.transactionType)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Sum (hundredths) of the entries that refer to `referenceId` and whose idempotency key starts with `keyPrefix`. */
export async function sumByKeyPrefix(
  db: DbOrTrx,
  input: { userId: number; referenceType: ReferenceType; referenceId: number; keyPrefix: string },
): Promise<number> {
  const row = await db
    .selectFrom('loyalty_ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('reference_type', '=', input.referenceType)
    .where('reference_id', '=', input.referenceId)
    .where('user_id', '=', input.userId)
    .where(sql<SqlBool>`idempotency_key like ${`${escapeLike(input.keyPrefix)}%`} escape '\\'`)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Customers holding credit lots past their expiry with points left, oldest expiry first. */
export async function usersWithExpiredLots(db: DbOrTrx, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('loyalty_ledger')
    .select('user_id')
    .distinct()
    .where('remaining', '>', 0)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The hundredths a customer's expired lots still hold (read before `closeExpiredLots`). */
export async function expiredLotsLeft(db: DbOrTrx, userId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('loyalty_ledger')
    .select((eb) => eb.fn.sum<number>('remaining').as('left'))
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(row?.left ?? 0);
}

/**
 * Closes a customer's expired lots (remaining → 0) and bumps `loyalty.ledger`. Called after the expiry debit
 * (`insertEntry`) of the same transaction, so the topic's row is still locked last (see `insertEntry`).
 */
export async function closeExpiredLots(trx: DbOrTrx, userId: number, now: string): Promise<void> {
  await trx
    .updateTable('loyalty_ledger')
    .set({ remaining: 0 })
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .execute();
  await bumpTopics(trx, LOYALTY_TOPICS.ledger);
}

/** The sum of a customer's ledger (credits − debits), for audits and tests. */
export async function ledgerSum(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('loyalty_ledger')
    .select(
      sql<number>`coalesce(sum(case when transaction_type = 'credit' then amount else -amount end), 0)`.as(
        'total',
      ),
    )
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

function applyFilter<Q extends { where: (...args: any[]) => any }>(query: Q, filter: LedgerFilter): Q {
  let q: any = query;
  if (filter.userId !== undefined) q = q.where('loyalty_ledger.user_id', '=', filter.userId);
  if (filter.transactionType) q = q.where('loyalty_ledger.transaction_type', '=', filter.transactionType);
  if (filter.referenceType) q = q.where('loyalty_ledger.reference_type', '=', filter.referenceType);
  if (filter.dateFrom) q = q.where('loyalty_ledger.created_at', '>=', `${filter.dateFrom} 00:00:00`);
  if (filter.dateTo) q = q.where('loyalty_ledger.created_at', '<=', `${filter.dateTo} 23:59:59`);
  return q as Q;
}
