import type { EmailDeps } from './emails.service.js';
import { queueShopEmail } from './emails.service.js';
import { emailsForTransition } from './shop-emails.js';

/**
 * The shop's events that send e-mails, each queued in the event's own transaction with a send key unique to the
 * order, the e-mail and the event (the status transition, the refund, the note).
 */
export function subscribeEmails({ ctx }: EmailDeps): void {
  ctx.events.on('order.status_changed', async ({ order, from, to }, { db }) => {
    for (const email of emailsForTransition(from, to))
      await queueShopEmail(
        ctx,
        { emailId: email.id, orderId: order.id, sendKey: `${order.id}:${email.id}:${from}>${to}` },
        db,
      );
  });
  ctx.events.on('order.refunded', ({ order, refund, refunded_total }, { db }) =>
    queueShopEmail(
      ctx,
      {
        emailId: 'customer_refunded_order',
        orderId: order.id,
        sendKey: `${order.id}:customer_refunded_order:refund-${refund.id}`,
        wording: refunded_total >= order.total ? 'full' : 'partial',
      },
      db,
    ),
  );
  ctx.events.on('order.customer_note_added', ({ order, note }, { db }) =>
    queueShopEmail(
      ctx,
      {
        emailId: 'customer_note',
        orderId: order.id,
        sendKey: `${order.id}:customer_note:note-${note.id}`,
        note: note.note,
      },
      db,
    ),
  );
}
