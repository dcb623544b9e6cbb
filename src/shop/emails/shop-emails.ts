import type { OrderStatus } from '../shop-api.js';

/** Who an e-mail goes to: the order's billing address, or the owner's `recipient` setting. */
export type EmailAudience = 'customer' | 'owner';

/** One way an e-mail is worded (refunds: `full` and `partial`; every other e-mail has one, ''). */
export interface EmailWording {
  /** '' for the e-mail's only wording; else the suffix of its `subject_<id>`/`heading_<id>` settings. */
  id: string;
  subject: string;
  heading: string;
  /** The first paragraph (placeholders as in the subject, plus `{customer_name}`). */
  intro: string;
}

/** One of the shop's e-mails, as WooCommerce's `WC_Email` classes define them (id = WooCommerce's id). */
export interface ShopEmail {
  /** WooCommerce's id (`customer_processing_order`); its settings group is `email_<id>`. */
  id: string;
  title: string;
  description: string;
  audience: EmailAudience;
  wordings: readonly EmailWording[];
  additionalContent: string;
  /** The status changes that send it (`from>to`, `*` for any), for e-mails sent on a status change. */
  transitions?: readonly string[];
}

// WooCommerce's own transition lists (`WC_Emails::init_transactional_emails` and each e-mail's trigger hooks).
const PLACED = ['pending', 'failed', 'cancelled'].flatMap((from) =>
  ['processing', 'completed', 'on-hold'].map((to) => `${from}>${to}`),
);

/**
 * The shop's e-mails, in WooCommerce's list order. To add one: an entry here (with `transitions`, or a trigger in
 * `emails.subscribers.ts` calling `queueShopEmails` with the event's own send key) — its settings group, admin row,
 * preview and send come from this entry.
 */
export const SHOP_EMAILS: readonly ShopEmail[] = [
  {
    id: 'new_order',
    title: 'New order',
    description: 'New order emails are sent to chosen recipient(s) when a new order is received.',
    audience: 'owner',
    wordings: [
      {
        id: '',
        subject: '[{site_title}]: New order #{order_number}',
        heading: 'New Order: #{order_number}',
        intro: 'You’ve received the following order from {customer_name}:',
      },
    ],
    additionalContent: 'Congratulations on the sale.',
    transitions: PLACED,
  },
  {
    id: 'cancelled_order',
    title: 'Cancelled order',
    description:
      'Cancelled order emails are sent to chosen recipient(s) when orders have been marked cancelled (if they were previously processing or on-hold).',
    audience: 'owner',
    wordings: [
      {
        id: '',
        subject: '[{site_title}]: Order #{order_number} has been cancelled',
        heading: 'Order Cancelled: #{order_number}',
        intro:
          'Notification to let you know — order #{order_number} belonging to {customer_name} has been cancelled:',
      },
    ],
    additionalContent: 'Thanks for reading.',
    transitions: ['processing>cancelled', 'on-hold>cancelled'],
  },
  {
    id: 'failed_order',
    title: 'Failed order',
    description:
      'Failed order emails are sent to chosen recipient(s) when orders have been marked failed (if they were previously pending or on-hold).',
    audience: 'owner',
    wordings: [
      {
        id: '',
        subject: '[{site_title}]: Order #{order_number} has failed',
        heading: 'Order Failed: #{order_number}',
        intro: 'Payment for order #{order_number} from {customer_name} has failed. The order was as follows:',
      },
    ],
    additionalContent: 'Hopefully they’ll be back.',
    transitions: ['pending>failed', 'on-hold>failed'],
  },
  {
    id: 'customer_on_hold_order',
    title: 'Order on-hold',
    description:
      'This is an order notification sent to customers containing order details after an order is placed on-hold.',
    audience: 'customer',
    wordings: [
      {
        id: '',
        subject: 'Your {site_title} order has been received!',
        heading: 'Thank you for your order',
        intro: 'Thanks for your order. It’s on-hold until we confirm that payment has been received.',
      },
    ],
    additionalContent: 'We look forward to fulfilling your order soon.',
    transitions: ['pending>on-hold', 'failed>on-hold', 'cancelled>on-hold'],
  },
  {
    id: 'customer_processing_order',
    title: 'Processing order',
    description: 'This is an order notification sent to customers containing order details after payment.',
    audience: 'customer',
    wordings: [
      {
        id: '',
        subject: 'Your {site_title} order has been received!',
        heading: 'Thank you for your order',
        intro:
          'Just to let you know — we’ve received your order #{order_number}, and it is now being processed.',
      },
    ],
    additionalContent: 'Thanks for using {site_url}!',
    transitions: ['pending>processing', 'failed>processing', 'on-hold>processing', 'cancelled>processing'],
  },
  {
    id: 'customer_completed_order',
    title: 'Completed order',
    description:
      'Order complete emails are sent to customers when their orders are marked completed and usually indicate that their orders have been shipped.',
    audience: 'customer',
    wordings: [
      {
        id: '',
        subject: 'Your {site_title} order is now complete',
        heading: 'Thanks for shopping with us',
        intro: 'We have finished processing your order.',
      },
    ],
    additionalContent: 'Thanks for shopping with us.',
    transitions: ['*>completed'],
  },
  {
    id: 'customer_refunded_order',
    title: 'Refunded order',
    description: 'Order refunded emails are sent to customers when their orders are refunded.',
    audience: 'customer',
    wordings: [
      {
        id: 'full',
        subject: 'Your {site_title} order #{order_number} has been refunded',
        heading: 'Order Refunded: {order_number}',
        intro:
          'Your order on {site_title} has been refunded. There are more details below for your reference:',
      },
      {
        id: 'partial',
        subject: 'Your {site_title} order #{order_number} has been partially refunded',
        heading: 'Partial Refund: Order {order_number}',
        intro:
          'Your order on {site_title} has been partially refunded. There are more details below for your reference:',
      },
    ],
    additionalContent: 'We hope to see you again soon.',
  },
  {
    id: 'customer_note',
    title: 'Customer note',
    description: 'Customer note emails are sent when you add a note to an order.',
    audience: 'customer',
    wordings: [
      {
        id: '',
        subject: 'Note added to your {site_title} order from {order_date}',
        heading: 'A note has been added to your order',
        intro: 'The following note has been added to your order:',
      },
    ],
    additionalContent: 'Thanks for reading.',
  },
];

/** An e-mail by id; undefined when there is none. */
export function findShopEmail(id: string): ShopEmail | undefined {
  return SHOP_EMAILS.find((e) => e.id === id);
}

/** The e-mails a status change sends (WooCommerce's transitions). */
export function emailsForTransition(from: OrderStatus, to: OrderStatus): ShopEmail[] {
  return SHOP_EMAILS.filter((e) => e.transitions?.some((t) => t === `${from}>${to}` || t === `*>${to}`));
}
