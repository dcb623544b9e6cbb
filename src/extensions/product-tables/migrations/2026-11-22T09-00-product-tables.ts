import { type Kysely, sql } from 'kysely';
import { idColumn } from '../../../platform/db/migrations.js';

/** Product tables (configuration as JSON text) and the activity log. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ptables_tables')
    .addColumn('id', ...idColumn(db))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('modified_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await sql`create index ptables_tables_created on ptables_tables (created_at, id)`.execute(db);

  await db.schema
    .createTable('ptables_logs')
    .addColumn('id', ...idColumn(db))
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('level', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('user_login', 'varchar(60)', (c) => c.notNull())
    .addColumn('ip', 'varchar(45)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
  await sql`create index ptables_logs_created on ptables_logs (created_at, id)`.execute(db);
  await sql`create index ptables_logs_level on ptables_logs (level, created_at)`.execute(db);
  await sql`create index ptables_logs_user on ptables_logs (user_login, created_at)`.execute(db);
}
