import type { Kysely } from 'kysely';

/** The shop's sent order e-mails: one row per send key (order + e-mail + event), claimed before the send. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_email_sends')
    .addColumn('send_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('email_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
}
