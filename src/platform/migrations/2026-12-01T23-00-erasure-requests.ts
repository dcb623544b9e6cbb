import type { Kysely } from 'kysely';
import { idColumn } from '../db/migrations.js';

/** Personal-data erasure requests (WordPress's `user_request` posts): status, the confirmation key's hash, the result. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('privacy_erasure_requests')
    .addColumn('id', ...idColumn(db))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('confirm_key_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('key_expires_at', 'varchar(19)')
    .addColumn('result', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(19)')
    .addColumn('completed_at', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('privacy_erasure_requests_email')
    .on('privacy_erasure_requests')
    .column('email')
    .execute();
}
