import { sql, type Kysely } from 'kysely';

/**
 * Indexes on columns most sessions leave empty become partial (`where … is not null`), so a new capture
 * touches fewer indexes; every query on them filters on a value, which the partial index covers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const partial: Array<[string, string, string]> = [
    ['cr_sessions_abandoned', 'abandoned_at, email_hash, cart_total, capture_count', 'abandoned_at'],
    [
      'cr_sessions_recovered',
      'recovered_at, recovered_step, recovered_revenue, recovery_seconds, restore_clicked_at',
      'recovered_at',
    ],
    ['cr_sessions_converted', 'converted_at', 'converted_at'],
    ['cr_sessions_cart', 'cart_session_id', 'cart_session_id'],
    ['cr_sessions_coupon', 'coupon_code', 'coupon_code'],
    ['cr_sessions_email_abandoned', 'email_hash, abandoned_at', 'abandoned_at'],
  ];
  for (const [name, columns, column] of partial) {
    await sql`drop index ${sql.raw(name)}`.execute(db);
    await sql`create index ${sql.raw(name)} on cr_sessions (${sql.raw(columns)}) where ${sql.raw(column)} is not null`.execute(
      db,
    );
  }
}
