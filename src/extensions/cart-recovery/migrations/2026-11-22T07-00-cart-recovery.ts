import { type Kysely, sql } from 'kysely';
import { idColumn } from '../../../platform/db/migrations.js';

/** Cart recovery: sessions, notifications, link tokens, restores, events, suppressions, agent tokens and audit. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cr_sessions')
    .addColumn('id', ...idColumn(db))
    .addColumn('session_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('email_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('consent_text', 'text', (c) => c.notNull())
    .addColumn('consent_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('capture_token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('cart_session_id', 'varchar(80)')
    .addColumn('cart_snapshot', 'text', (c) => c.notNull())
    .addColumn('cart_fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('cart_total', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('capture_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('captured_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('last_activity_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('abandoned_at', 'varchar(19)')
    .addColumn('recovered_at', 'varchar(19)')
    .addColumn('converted_at', 'varchar(19)')
    .addColumn('ended_at', 'varchar(19)')
    .addColumn('order_id', 'integer')
    .addColumn('recovered_revenue', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recovery_seconds', 'integer')
    .addColumn('recovered_step', 'integer')
    .addColumn('attribution_source', 'varchar(20)')
    .addColumn('restore_clicked_at', 'varchar(19)')
    .addColumn('coupon_code', 'varchar(40)')
    .addColumn('coupon_expires_at', 'varchar(19)')
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('anonymized_at', 'varchar(19)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await sql`create index cr_sessions_email_hash on cr_sessions (email_hash, status)`.execute(db);
  await sql`create index cr_sessions_inactive on cr_sessions (status, last_activity_at)`.execute(db);
  await sql`create index cr_sessions_captured on cr_sessions (captured_at, status, is_test)`.execute(db);
  await sql`create index cr_sessions_abandoned on cr_sessions (abandoned_at, email_hash, cart_total, capture_count)`.execute(
    db,
  );
  await sql`create index cr_sessions_recovered on cr_sessions (recovered_at, recovered_step, recovered_revenue, recovery_seconds, restore_clicked_at)`.execute(
    db,
  );
  await sql`create index cr_sessions_converted on cr_sessions (converted_at)`.execute(db);
  await sql`create index cr_sessions_cart on cr_sessions (cart_session_id)`.execute(db);
  await sql`create index cr_sessions_coupon on cr_sessions (coupon_code)`.execute(db);
  await sql`create unique index cr_sessions_order on cr_sessions (order_id) where order_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('cr_notifications')
    .addColumn('id', ...idColumn(db))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('cr_sessions.id').onDelete('cascade'))
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('trigger_source', 'varchar(24)', (c) => c.notNull())
    .addColumn('recipient_mask', 'varchar(330)', (c) => c.notNull())
    .addColumn('abandoned_at', 'varchar(19)')
    .addColumn('scheduled_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_at', 'varchar(19)')
    .addColumn('handoff_at', 'varchar(19)')
    .addColumn('sent_at', 'varchar(19)')
    .addColumn('failed_at', 'varchar(19)')
    .addColumn('canceled_at', 'varchar(19)')
    .addColumn('cancel_reason', 'varchar(40)')
    .addColumn('last_error', 'text')
    .addColumn('message_id', 'varchar(200)')
    .addColumn('coupon_code', 'varchar(40)')
    .addColumn('restore_clicked_at', 'varchar(19)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await sql`create unique index cr_notifications_step on cr_notifications (session_id, step)`.execute(db);
  await sql`create index cr_notifications_abandoned on cr_notifications (abandoned_at, status, attempts)`.execute(
    db,
  );
  await sql`create index cr_notifications_claims on cr_notifications (status, claimed_at)`.execute(db);

  await db.schema
    .createTable('cr_tokens')
    .addColumn('id', ...idColumn(db))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('cr_sessions.id').onDelete('cascade'))
    .addColumn('notification_id', 'integer')
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(19)')
    .addColumn('first_used_at', 'varchar(19)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await sql`create index cr_tokens_session on cr_tokens (session_id)`.execute(db);

  await db.schema
    .createTable('cr_restores')
    .addColumn('id', ...idColumn(db))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('cr_sessions.id').onDelete('cascade'))
    .addColumn('token_id', 'integer', (c) => c.notNull().references('cr_tokens.id').onDelete('cascade'))
    .addColumn('cart_session_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await sql`create index cr_restores_cart on cr_restores (cart_session_id, id)`.execute(db);
  await sql`create index cr_restores_token on cr_restores (token_id)`.execute(db);
  await sql`create index cr_restores_session on cr_restores (session_id)`.execute(db);

  await db.schema
    .createTable('cr_events')
    .addColumn('id', ...idColumn(db))
    .addColumn('session_id', 'integer', (c) => c.references('cr_sessions.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await sql`create index cr_events_type on cr_events (type, created_at)`.execute(db);
  await sql`create index cr_events_session on cr_events (session_id)`.execute(db);

  await db.schema
    .createTable('cr_suppressions')
    .addColumn('id', ...idColumn(db))
    .addColumn('email_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cr_agent_tokens')
    .addColumn('id', ...idColumn(db))
    .addColumn('public_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(19)')
    .addColumn('last_used_at', 'varchar(19)')
    .addColumn('revoked_at', 'varchar(19)')
    .execute();
  await sql`create index cr_agent_tokens_created on cr_agent_tokens (created_at)`.execute(db);

  await db.schema
    .createTable('cr_agent_audit')
    .addColumn('id', ...idColumn(db))
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('principal_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('credential_id', 'varchar(64)')
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('route', 'varchar(200)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)')
    .addColumn('target', 'varchar(64)')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('result', 'varchar(16)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
}
