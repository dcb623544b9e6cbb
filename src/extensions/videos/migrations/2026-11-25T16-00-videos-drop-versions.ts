import type { Kysely } from 'kysely';

/** The library's own change counters gave way to the platform's cache topic `videos.library` (data versions). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('videos_sync_state').dropColumn('library_version').execute();
  await db.schema.alterTable('videos_sync_state').dropColumn('assignments_version').execute();
}
