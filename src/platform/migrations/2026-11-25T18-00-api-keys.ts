import type { Kysely } from 'kysely';
import { idColumn } from '../db/migrations.js';

/** WooCommerce REST API keys (consumer key as an HMAC, secret sealed) and the OAuth 1.0a nonces seen. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('permissions', 'varchar(10)', (c) => c.notNull())
    .addColumn('consumer_key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('consumer_secret_sealed', 'varchar(255)', (c) => c.notNull())
    .addColumn('truncated_key', 'varchar(7)', (c) => c.notNull())
    .addColumn('last_access', 'varchar(19)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();

  await db.schema
    .createTable('api_key_nonces')
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('nonce', 'varchar(191)', (c) => c.notNull())
    .addColumn('seen_at', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_nonces_pk', ['key_id', 'nonce'])
    .execute();
  await db.schema.createIndex('api_key_nonces_seen').on('api_key_nonces').column('seen_at').execute();
}
