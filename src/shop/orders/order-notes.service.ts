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
 * A customer note is e-mailed to the order's billing e-mail through the platform mail sender once it is stored.
 */
export async function addOrderNote(
  ctx: ShopContext,
  input: { orderId: number; note: string; customerNote: boolean; author: AuthUser | null },
): Promise<OrderNoteRow> {
  const text = input.note.trim();
  if (text === '') throw invalid('note', 'required', 'The note may not be empty.');
  const order = await requireOrder(ctx.db, input.orderId);
  const note = await insertOrderNote(ctx.db, {
    order_id: order.id,
    note: text,
    customer_note: input.customerNote ? 1 : 0,
    added_by: input.author?.id ?? null,
    author: input.author ? input.author.display_name || input.author.username : SYSTEM_AUTHOR,
    created_at: toDbTime(ctx.clock.now()),
  });
  if (input.customerNote) await mailCustomerNote(ctx, order, text);
  return note;
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

// The note is stored whatever the mail transport says: a failed send is logged, never a failed request.
async function mailCustomerNote(ctx: ShopContext, order: OrderRecord, note: string): Promise<void> {
  const to = order.billing.email.trim();
  if (!to) return;
  const greeting = order.billing.first_name ? `Hi ${order.billing.first_name},` : 'Hi,';
  try {
    await ctx.mail.send({
      to,
      subject: `A note has been added to your order #${order.id}`,
      text: `${greeting}\n\nThe following note has been added to your order #${order.id}:\n\n${note}\n`,
      tag: 'shop:customer-note',
    });
  } catch (error) {
    ctx.logger.error({ err: error, orderId: order.id }, 'customer note e-mail not sent');
  }
}
