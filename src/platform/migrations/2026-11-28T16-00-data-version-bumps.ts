import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/migrations.js';

/**
 * Cache topic versions become insert-only rows: a write adds one row per topic it changes (weight 1), a topic's
 * version is the sum of its rows' weights, and a compaction folds old rows into one per topic (same sum).
 * Writers of one topic no longer wait on each other's row lock until commit, as they did on one counter row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_version_bumps')
    .addColumn('id', isPostgres(db) ? 'bigserial' : 'integer', (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('topic', 'varchar(120)', (c) => c.notNull())
    .addColumn('weight', 'bigint', (c) => c.notNull().defaultTo(sql`1`))
    .execute();
  await sql`insert into data_version_bumps (topic, weight) select topic, version from data_versions where version > 0`.execute(
    db,
  );
  await db.schema.dropTable('data_versions').execute();
}
