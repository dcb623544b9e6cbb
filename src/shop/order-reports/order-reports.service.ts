import type { DbOrTrx } from '../../platform/db/database.js';
import { nextStatuses, ORDER_STATUSES, orderStatusLabel } from '../orders/order-status.js';
import { countOrdersByStatus } from './order-reports.repository.js';

/** Every status with its name and number of orders (trashed ones left out), in the shop's status order. */
export async function orderTotals(
  db: DbOrTrx,
): Promise<Array<{ slug: string; name: string; total: number }>> {
  const counts = await countOrdersByStatus(db);
  return ORDER_STATUSES.map((slug) => ({ slug, name: orderStatusLabel(slug), total: counts.get(slug) ?? 0 }));
}

/** Every status with its name and the statuses an order in it may move to (the one transition table). */
export function orderStatusTransitions(): Array<{ slug: string; name: string; next: string[] }> {
  return ORDER_STATUSES.map((slug) => ({
    slug,
    name: orderStatusLabel(slug),
    next: [...nextStatuses(slug)],
  }));
}
