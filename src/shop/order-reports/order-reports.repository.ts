import type { DbOrTrx } from '../../platform/db/database.js';

/** The number of orders (not trashed) in each status that has any. */
export async function countOrdersByStatus(db: DbOrTrx): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('shop_orders')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('trashed', '=', 0)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}
