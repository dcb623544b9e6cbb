import { sql, type Kysely } from 'kysely';

/** Covering index for "shoppers with more than one abandoned session" (grouped by address without a sort). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index cr_sessions_email_abandoned on cr_sessions (email_hash, abandoned_at)`.execute(db);
}
