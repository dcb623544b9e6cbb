import type { Kysely } from 'kysely';

/** The analytics cache: one row per period, invalidated inside the transactions that change the data. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cr_analytics_cache')
    .addColumn('period_days', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
    .execute();
}
