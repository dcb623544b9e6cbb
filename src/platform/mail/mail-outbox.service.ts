import type { DbOrTrx } from '../db/database.js';
import { countOutboxRows, findOutboxRow, findOutboxRows, type OutboxRow } from './mail-outbox.repository.js';

/** A stored message row. */
export type { OutboxRow };

/** One page of stored messages, newest first, with the total (admin list). */
export async function outboxPage(
  db: DbOrTrx,
  filter: { to?: string; offset: number; limit: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const [rows, total] = await Promise.all([findOutboxRows(db, filter), countOutboxRows(db, filter.to)]);
  return { rows, total };
}

/** The newest `limit` stored messages, optionally only those to one address (CLI). */
export function newestOutboxMessages(
  db: DbOrTrx,
  filter: { to?: string; limit: number },
): Promise<OutboxRow[]> {
  return findOutboxRows(db, filter);
}

/** One stored message by id, or null (admin message view). */
export async function outboxMessage(db: DbOrTrx, id: number): Promise<OutboxRow | null> {
  return (await findOutboxRow(db, id)) ?? null;
}
