import { type Kysely, sql } from 'kysely';
import { idColumn } from '../../../platform/db/migrations.js';

/** Ledger, its per-bucket counters, per-customer accounts (balance, tier, referral) and cart redemptions. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('loyalty_ledger')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('transaction_type', 'varchar(6)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reference_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('reference_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'varchar(19)')
    .addColumn('remaining', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(191)', (c) => c.unique())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await sql`create index loyalty_ledger_created on loyalty_ledger (created_at desc, id desc)`.execute(db);
  await sql`create index loyalty_ledger_user_created on loyalty_ledger (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index loyalty_ledger_type_created on loyalty_ledger (reference_type, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index loyalty_ledger_reference on loyalty_ledger (reference_type, reference_id)`.execute(
    db,
  );
  await sql`create index loyalty_ledger_open_lots on loyalty_ledger (user_id, created_at, id) where remaining > 0`.execute(
    db,
  );
  await sql`create index loyalty_ledger_expiring on loyalty_ledger (expires_at) where remaining > 0`.execute(
    db,
  );

  await db.schema
    .createTable('loyalty_ledger_counts')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('transaction_type', 'varchar(6)', (c) => c.notNull())
    .addColumn('reference_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('loyalty_ledger_counts_pk', [
      'user_id',
      'day',
      'transaction_type',
      'reference_type',
    ])
    .execute();

  await db.schema
    .createTable('loyalty_accounts')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tier', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('referral_code', 'varchar(16)', (c) => c.unique())
    .addColumn('referred_by', 'integer')
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('loyalty_redemptions')
    .addColumn('cart_session_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
}
