import type { EmailDeps } from './emails.service.js';
import { queueShopEmails } from './emails.service.js';
import { emailsForTransition } from './shop-emails.js';

/**
 * The shop's events that send e-mails, each queued in the event's own transaction with a send key unique to the
 * order, the e-mail and the event (the status transition, the refund, the note).
 */
export function subscribeEmails({ ctx }: EmailDeps): void {
  ctx.events.on('order.status_changed', async ({ order, from, to }, { db }) => {
    const triggers = emailsForTransition(from, to).map((email) => ({
      emailId: email.id,
      orderId: order.id,
      sendKey: `${order.id}:${email.id}:${from}>${to}`,
    }));
    await queueShopEmails(ctx, triggers, db);
  });
  ctx.events.on('order.refunded', ({ order, refund, refunded_total }, { db }) =>
    queueShopEmails(
      ctx,
      [
        {
          emailId: 'customer_refunded_order',
          orderId: order.id,
          sendKey: `${order.id}:customer_refunded_order:refund-${refund.id}`,
          wording: refunded_total >= order.total ? 'full' : 'partial',
        },
      ],
      db,
    ),
  );
  ctx.events.on('order.customer_note_added', ({ order, note }, { db }) =>
    queueShopEmails(
      ctx,
      [
        {
          emailId: 'customer_note',
          orderId: order.id,
          sendKey: `${order.id}:customer_note:note-${note.id}`,
          note: note.note,
        },
      ],
      db,
    ),
  );
}
