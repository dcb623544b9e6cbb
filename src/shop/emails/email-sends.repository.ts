import type { DbOrTrx } from '../../platform/db/database.js';

/** A claimed send of one of the shop's e-mails (table `shop_email_sends`). */
export interface EmailSendTable {
  send_key: string;
  email_id: string;
  order_id: number;
  created_at: string;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_email_sends: EmailSendTable;
  }
}

/**
 * Claims a send key: true for the one caller whose insert stored it (every instance, every retry of the same
 * event after it, finds it taken). Atomic on both engines through the primary key.
 */
export async function claimEmailSend(db: DbOrTrx, row: EmailSendTable): Promise<boolean> {
  const inserted = await db
    .insertInto('shop_email_sends')
    .values(row)
    .onConflict((oc) => oc.column('send_key').doNothing())
    .returning('send_key')
    .execute();
  return inserted.length === 1;
}

/** Gives a claim back (the send failed, so a retry of the job may send). */
export async function releaseEmailSend(db: DbOrTrx, sendKey: string): Promise<void> {
  await db.deleteFrom('shop_email_sends').where('send_key', '=', sendKey).execute();
}

/** The newest order's id (the admin preview's default), or null when the shop has none. */
export async function latestOrderId(db: DbOrTrx): Promise<number | null> {
  const row = await db
    .selectFrom('shop_orders')
    .select('id')
    .where('trashed', '=', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
