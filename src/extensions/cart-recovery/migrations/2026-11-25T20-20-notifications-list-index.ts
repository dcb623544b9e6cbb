import { type Kysely, sql } from 'kysely';

/** The admin e-mails list reads one status newest first: an (status, id) index pages it without a sort. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index cr_notifications_status_id on cr_notifications (status, id)`.execute(db);
}
