import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** Videos: the synced library, product assignments, the sync state row and daily quota usage. */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Byte-order collation on PostgreSQL so title/id order (and cursors) match SQLite exactly.
  const collate = postgres ? sql`collate "C"` : sql``;
  await db.schema
    .createTable('videos_library')
    .addColumn('video_id', 'text', (c) => c.primaryKey().modifyEnd(collate))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_sort', 'text', (c) => c.notNull().modifyEnd(collate))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('thumbnail_url', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('duration', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('view_count', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('synced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('videos_library_date')
    .on('videos_library')
    .columns(['published_at', 'video_id'])
    .execute();
  await db.schema
    .createIndex('videos_library_title')
    .on('videos_library')
    .columns(['title_sort', 'video_id'])
    .execute();
  await db.schema
    .createIndex('videos_library_views')
    .on('videos_library')
    .columns(['view_count', 'video_id'])
    .execute();

  await db.schema
    .createTable('videos_product_videos')
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('video_id', 'text', (c) => c.notNull().modifyEnd(collate))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('videos_product_videos_pk', ['product_id', 'video_id'])
    .execute();
  await db.schema
    .createIndex('videos_product_videos_video')
    .on('videos_product_videos')
    .columns(['video_id'])
    .execute();

  await db.schema
    .createTable('videos_sync_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('last_success_at', 'text')
    .addColumn('last_error_code', 'text')
    .addColumn('last_error', 'text')
    .addColumn('video_count', 'integer', (c) => c.notNull())
    .addColumn('units_last_run', 'integer', (c) => c.notNull())
    .addColumn('progress_done', 'integer', (c) => c.notNull())
    .addColumn('progress_total', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('videos_sync_state')
    .values({ id: 1, status: 'idle', video_count: 0, units_last_run: 0, progress_done: 0, progress_total: 0 })
    .execute();

  await db.schema
    .createTable('videos_quota_usage')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('units', 'integer', (c) => c.notNull())
    .execute();
}
