import type { Generated, Selectable } from 'kysely';
import type { DbOrTrx } from '../../platform/db/database.js';

/** Row of `shop_order_notes` (`customer_note` 0/1; `added_by` the user who wrote it, null for system notes). */
export interface OrderNoteTable {
  id: Generated<number>;
  order_id: number;
  note: string;
  customer_note: number;
  added_by: number | null;
  author: string;
  created_at: string;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_order_notes: OrderNoteTable;
  }
}

/** A stored order note. */
export type OrderNoteRow = Selectable<OrderNoteTable>;

/** Inserts a note; returns its row. */
export async function insertOrderNote(db: DbOrTrx, note: Omit<OrderNoteRow, 'id'>): Promise<OrderNoteRow> {
  const { id } = await db
    .insertInto('shop_order_notes')
    .values(note)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, ...note };
}

/** The notes of an order, newest first; `type` keeps customer or internal (private and system) notes only. */
export function findOrderNotes(
  db: DbOrTrx,
  orderId: number,
  type: 'any' | 'customer' | 'internal',
): Promise<OrderNoteRow[]> {
  let query = db.selectFrom('shop_order_notes').selectAll().where('order_id', '=', orderId);
  if (type !== 'any') query = query.where('customer_note', '=', type === 'customer' ? 1 : 0);
  return query.orderBy('id', 'desc').execute();
}

/** One note of an order, or undefined. */
export function findOrderNote(
  db: DbOrTrx,
  orderId: number,
  noteId: number,
): Promise<OrderNoteRow | undefined> {
  return db
    .selectFrom('shop_order_notes')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('id', '=', noteId)
    .executeTakeFirst();
}

/** Deletes one note of an order. */
export async function deleteOrderNote(db: DbOrTrx, orderId: number, noteId: number): Promise<void> {
  await db.deleteFrom('shop_order_notes').where('order_id', '=', orderId).where('id', '=', noteId).execute();
}
