import { type Kysely, sql } from 'kysely';
import { idColumn } from '../db/migrations.js';

/** The jobs table (Action Scheduler semantics) and the mail outbox. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', ...idColumn(db))
    .addColumn('hook', 'varchar(120)', (c) => c.notNull())
    .addColumn('args', 'text', (c) => c.notNull())
    .addColumn('unique_key', 'varchar(400)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('run_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('backoff_seconds', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('last_error', 'text')
    .addColumn('recurrence', 'varchar(40)')
    .addColumn('group_name', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('claimed_by', 'varchar(60)')
    .addColumn('claimed_at', 'varchar(19)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(19)')
    .execute();
  await sql`create index jobs_due on jobs (status, run_at, priority)`.execute(db);
  await sql`create index jobs_hook on jobs (hook, status)`.execute(db);
  await sql`create unique index jobs_unique_live on jobs (unique_key) where status in ('pending', 'running')`.execute(
    db,
  );

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', ...idColumn(db))
    .addColumn('message_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('transport', 'varchar(10)', (c) => c.notNull())
    .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
    .addColumn('from_address', 'varchar(320)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('tag', 'varchar(100)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_to').on('mail_outbox').column('to_address').execute();
}
