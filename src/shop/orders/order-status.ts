import type { OrderStatus } from '../shop-api.js';

/** Every order status (WooCommerce slugs). */
export const ORDER_STATUSES: readonly OrderStatus[] = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
];

/**
 * Status changes allowed to the shop's own flows (checkout, Store API, extensions through the ShopApi) and offered
 * by the admin order screen. WooCommerce enforces none; the shop refuses the ones that make no sense (anything out
 * of `cancelled` or `refunded`, `completed` back to work in progress). `wc/v3` callers may set any status.
 */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'on-hold', 'completed', 'cancelled', 'failed'],
  'on-hold': ['processing', 'completed', 'cancelled', 'refunded', 'failed'],
  processing: ['completed', 'on-hold', 'cancelled', 'refunded', 'failed'],
  completed: ['refunded'],
  failed: ['pending', 'processing', 'on-hold', 'cancelled'],
  cancelled: [],
  refunded: [],
};

/** Statuses in which the ordered units are taken out of stock. */
export const STOCK_HOLDING: ReadonlySet<OrderStatus> = new Set(['processing', 'on-hold', 'completed']);

/** Statuses counting as paid (WooCommerce's `wc_get_is_paid_statuses`). */
export const PAID: ReadonlySet<OrderStatus> = new Set(['processing', 'completed']);

/** Statuses `set_paid` moves to `processing` (WooCommerce's statuses valid for payment completion). */
export const AWAITING_PAYMENT: ReadonlySet<OrderStatus> = new Set([
  'pending',
  'on-hold',
  'failed',
  'cancelled',
]);

/** True when an order may go from `from` to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses an order in `from` may move to. */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return TRANSITIONS[from];
}

/** The payment method title WooCommerce shows. */
export function paymentMethodTitle(method: string): string {
  if (method === 'cod') return 'Cash on delivery';
  if (method === 'bacs') return 'Direct bank transfer';
  if (method === 'cheque') return 'Check payments';
  if (method === 'stripe') return 'Credit card (Stripe)';
  return method;
}

/** The status name WooCommerce shows customers (`on-hold` → "On hold"). */
export function orderStatusLabel(status: OrderStatus): string {
  return STATUS_LABELS[status];
}

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
};
