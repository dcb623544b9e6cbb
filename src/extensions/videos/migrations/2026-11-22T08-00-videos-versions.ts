import type { Kysely } from 'kysely';

/** Change counters of the library and of the assignments, so every instance can tell when its cache is stale. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('videos_sync_state')
    .addColumn('library_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('videos_sync_state')
    .addColumn('assignments_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
