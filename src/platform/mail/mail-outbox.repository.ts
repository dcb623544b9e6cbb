import type { Generated } from 'kysely';
import type { DbOrTrx } from '../db/database.js';

/** A stored copy of a message (the outbox, and the record of SMTP sends). */
export interface OutboxRow {
  id: number;
  message_id: string;
  transport: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: string;
  tag: string | null;
  created_at: string;
}

declare module '../db/database.js' {
  interface Tables {
    mail_outbox: Omit<OutboxRow, 'id'> & { id: Generated<number> };
  }
}

/** Stores one message. */
export async function insertOutboxRow(db: DbOrTrx, row: Omit<OutboxRow, 'id'>): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

/** Stored messages, newest first, optionally only those to one address. */
export async function findOutboxRows(
  db: DbOrTrx,
  filter: { to?: string; offset?: number; limit: number },
): Promise<OutboxRow[]> {
  let query = db.selectFrom('mail_outbox').selectAll();
  if (filter.to !== undefined) query = query.where('to_address', '=', filter.to);
  if (filter.offset !== undefined) query = query.offset(filter.offset);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

/** One stored message by id. */
export function findOutboxRow(db: DbOrTrx, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Number of stored messages, optionally only those to one address. */
export async function countOutboxRows(db: DbOrTrx, to?: string): Promise<number> {
  let query = db.selectFrom('mail_outbox');
  if (to !== undefined) query = query.where('to_address', '=', to);
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(count.n);
}
