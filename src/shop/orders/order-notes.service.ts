import type { AuthUser } from '../../platform/auth/principal.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { invalid, NotFoundError } from '../../platform/http/errors.js';
import type { OrderStatus } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import { loadOrder, type OrderRecord } from './order-records.js';
import { orderStatusLabel } from './order-status.js';
import {
  deleteOrderNote,
  findOrderNote,
  findOrderNotes,
  insertOrderNote,
  type OrderNoteRow,
} from './order-notes.repository.js';

/** A stored order note, as the routes show it. */
export type OrderNote = OrderNoteRow;

/** The author WooCommerce shows for notes the shop itself wrote. */
export const SYSTEM_AUTHOR = 'system';

/** The notes of an order, newest first (404 `woocommerce_rest_order_invalid_id` for an unknown order). */
export async function orderNotes(
  ctx: ShopContext,
  orderId: number,
  type: 'any' | 'customer' | 'internal',
): Promise<OrderNoteRow[]> {
  await requireOrder(ctx.db, orderId);
  return findOrderNotes(ctx.db, orderId, type);
}

/** One note of an order, or 404 (`woocommerce_rest_order_invalid_id` / `woocommerce_rest_invalid_id`). */
export async function requireOrderNote(
  ctx: ShopContext,
  orderId: number,
  noteId: number,
): Promise<OrderNoteRow> {
  await requireOrder(ctx.db, orderId);
  const note = await findOrderNote(ctx.db, orderId, noteId);
  if (!note) throw new NotFoundError('woocommerce_rest_invalid_id', 'Invalid resource ID.');
  return note;
}

/**
 * Adds a note to an order: attributed to `author` when given (WooCommerce's `added_by_user`), else to the system.
 * A customer note emits `order.customer_note_added` in the transaction that stores it (the shop's e-mails send it).
 */
export async function addOrderNote(
  ctx: ShopContext,
  input: { orderId: number; note: string; customerNote: boolean; author: AuthUser | null },
): Promise<OrderNoteRow> {
  const text = input.note.trim();
  if (text === '') throw invalid('note', 'required', 'The note may not be empty.');
  const order = await requireOrder(ctx.db, input.orderId);
  return ctx.db.transaction().execute(async (trx) => {
    const note = await insertOrderNote(trx, {
      order_id: order.id,
      note: text,
      customer_note: input.customerNote ? 1 : 0,
      added_by: input.author?.id ?? null,
      author: input.author ? input.author.display_name || input.author.username : SYSTEM_AUTHOR,
      created_at: toDbTime(ctx.clock.now()),
    });
    if (input.customerNote)
      await ctx.events.emit('order.customer_note_added', { order, note: { id: note.id, note: text } }, trx);
    return note;
  });
}

/** Deletes a note for good; answers it as it was. */
export async function removeOrderNote(
  ctx: ShopContext,
  orderId: number,
  noteId: number,
): Promise<OrderNoteRow> {
  const note = await requireOrderNote(ctx, orderId, noteId);
  await deleteOrderNote(ctx.db, orderId, noteId);
  return note;
}

/** Writes the system note of a status change ("Order status changed from Pending payment to Processing."). */
export async function noteStatusChange(
  ctx: ShopContext,
  db: DbOrTrx,
  change: { orderId: number; from: OrderStatus; to: OrderStatus },
): Promise<void> {
  await insertOrderNote(db, {
    order_id: change.orderId,
    note: `Order status changed from ${orderStatusLabel(change.from)} to ${orderStatusLabel(change.to)}.`,
    customer_note: 0,
    added_by: null,
    author: SYSTEM_AUTHOR,
    created_at: toDbTime(ctx.clock.now()),
  });
}

async function requireOrder(db: DbOrTrx, orderId: number): Promise<OrderRecord> {
  const order = await loadOrder(db, orderId);
  if (!order) throw new NotFoundError('woocommerce_rest_order_invalid_id', 'Invalid order ID.');
  return order;
}
