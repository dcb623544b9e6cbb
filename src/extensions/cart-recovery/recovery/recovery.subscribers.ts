import type { CartRecovery } from '../cart-recovery.services.js';
import { applyRefund, linkOrderAtCheckout, matchPaidOrder } from './recovery.service.js';

const PAID = new Set(['processing', 'completed']);

/** Order hooks: link at checkout, match when paid (processing/completed), follow refunds. */
export function registerRecoverySubscribers(cr: CartRecovery): void {
  const { events } = cr.ctx;
  events.on('order.created', async ({ order, cart }, { db }) => {
    await linkOrderAtCheckout(cr, db, order, cart);
    if (PAID.has(order.status))
      await matchPaidOrder(cr, db, (await cr.ctx.shop.getOrder(order.id, db)) ?? order);
  });
  // The payload is the order as changed, with the meta `order.created` handlers wrote (linkOrderAtCheckout's).
  events.on('order.status_changed', async ({ order, to }, { db }) => {
    if (PAID.has(to)) await matchPaidOrder(cr, db, order);
  });
  events.on('order.refunded', async ({ order, refunded_total }, { db }) => {
    await applyRefund(db, order, refunded_total);
  });
}
