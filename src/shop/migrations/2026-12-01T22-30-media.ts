import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres } from '../../platform/db/migrations.js';

/**
 * The media library: `shop_media` (one row per attachment, WordPress's attachment post and its metadata) and
 * `shop_media_files` (the bytes of every stored file — the cleaned original and each generated size — by its path
 * under `/wp-content/uploads/`, so every instance sharing the database serves the same files).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_media')
    .addColumn('id', ...idColumn(db))
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(250)', (c) => c.notNull().defaultTo(''))
    .addColumn('alt_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('file', 'varchar(300)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('filesize', 'integer', (c) => c.notNull())
    .addColumn('sizes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('author', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_modified', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shop_media_date').on('shop_media').columns(['date_created', 'id']).execute();
  await db.schema
    .createTable('shop_media_files')
    .addColumn('path', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('media_id', 'integer', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('etag', 'varchar(64)', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? sql`bytea` : sql`blob`, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shop_media_files_media').on('shop_media_files').column('media_id').execute();
}
