import type { Kysely } from 'kysely';

/**
 * The analytics cache table gave way to results kept in memory under the platform's cache topic
 * `cartrecovery.sessions` (data versions), which every write of sessions, events and notifications bumps.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cr_analytics_cache').ifExists().execute();
}
