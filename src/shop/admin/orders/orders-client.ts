import type { Static } from '@sinclair/typebox';
import { api, withQuery } from '../../../admin/api.js';
import type { OrderStatusSchema, OrderTotalSchema } from '../../order-reports/order-reports.schemas.js';
import type { OrderNoteSchema, OrderSchema, RefundSchema } from '../../orders/orders.schemas.js';

/** An order as `wc/v3/orders` returns it. */
export type Order = Static<typeof OrderSchema>;
/** A refund of an order. */
export type Refund = Static<typeof RefundSchema>;
/** A note of an order. */
export type OrderNote = Static<typeof OrderNoteSchema>;
/** A status with its number of orders. */
export type OrderTotal = Static<typeof OrderTotalSchema>;
/** A status with the statuses an order in it may move to. */
export type OrderStatusInfo = Static<typeof OrderStatusSchema>;

/** The `wc/v3/orders` path of one list page. */
export function ordersPath(
  filter: { status?: string; search?: string; customer?: number; orderby?: string; order?: string },
  page: number,
  perPage: number,
) {
  return withQuery('/wc/v3/orders', { ...filter, page, per_page: perPage });
}

/** The route of how many orders each status holds. */
export const ORDER_TOTALS_PATH = '/wc/v3/reports/orders/totals';

/** The route of every status with its name and the statuses it may move to. */
export const ORDER_STATUSES_PATH = '/wc/v3/order-statuses';

/** The path of one order. */
export function orderPath(id: number): string {
  return `/wc/v3/orders/${id}`;
}

/** Moves an order to another status. */
export function setOrderStatus(id: number, status: string): Promise<Order> {
  return api({ path: `/wc/v3/orders/${id}`, method: 'PUT', data: { status } });
}

/** The path of the refunds of an order, newest first. */
export function refundsPath(id: number): string {
  return `/wc/v3/orders/${id}/refunds`;
}

/** What a refund asks for (money as decimal strings). */
export interface RefundInput {
  amount: string;
  reason: string;
  line_items: Array<{ id: number; quantity: number; refund_total: string }>;
}

/** Refunds part or all of an order. */
export function createRefund(id: number, input: RefundInput): Promise<Refund> {
  return api({ path: `/wc/v3/orders/${id}/refunds`, method: 'POST', data: input });
}

/** The path of the notes of an order, newest first. */
export function notesPath(id: number): string {
  return `/wc/v3/orders/${id}/notes`;
}

/** Adds a note by the logged-in user, private or e-mailed to the customer. */
export function addNote(id: number, note: string, toCustomer: boolean): Promise<OrderNote> {
  return api({
    path: `/wc/v3/orders/${id}/notes`,
    method: 'POST',
    data: { note, customer_note: toCustomer, added_by_user: true },
  });
}
