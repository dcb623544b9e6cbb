import type { DbOrTrx } from '../../platform/db/database.js';

/** Row of `shop_payment_events`: a gateway webhook event already handled. */
export interface PaymentEventTable {
  event_id: string;
  gateway: string;
  type: string;
  order_id: number | null;
  received_at: string;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_payment_events: PaymentEventTable;
  }
}

/** Records an event as handled; false when it already was (the caller then does nothing). */
export async function recordPaymentEvent(db: DbOrTrx, event: PaymentEventTable): Promise<boolean> {
  const inserted = await db
    .insertInto('shop_payment_events')
    .values(event)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
