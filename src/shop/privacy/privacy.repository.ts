import type { DbOrTrx } from '../../platform/db/database.js';

/** Orders of a person (billing e-mail, or placed by their account when known), oldest first (up to `limit` when given). */
export async function findPersonOrderIds(
  db: DbOrTrx,
  person: { email: string; userId: number | null },
  limit?: number,
): Promise<number[]> {
  let query = db
    .selectFrom('shop_orders')
    .select('id')
    .where((eb) =>
      person.userId === null
        ? eb('billing_email', '=', person.email)
        : eb.or([eb('billing_email', '=', person.email), eb('customer_id', '=', person.userId)]),
    )
    .orderBy('id');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((r) => r.id);
}

/** Deletes every note of an order (notes can hold personal data, as WooCommerce says when it erases them). */
export async function deleteOrderNotes(db: DbOrTrx, orderId: number): Promise<void> {
  await db.deleteFrom('shop_order_notes').where('order_id', '=', orderId).execute();
}
