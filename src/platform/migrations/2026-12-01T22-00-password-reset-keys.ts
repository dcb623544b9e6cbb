import type { Kysely } from 'kysely';

/** Password-reset keys (WordPress's `user_activation_key`): one live key per user, kept as its SHA-256. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_reset_keys')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
}
