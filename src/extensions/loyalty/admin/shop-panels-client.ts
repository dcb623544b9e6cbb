import type { Static } from '@sinclair/typebox';
import { api, withQuery } from '../../../admin/api.js';
import type { BalanceSchema, OrderPointsSchema } from '../loyalty.schemas.js';

/** What one order did to its customer's points. */
export type OrderPoints = Static<typeof OrderPointsSchema>;

/** The path of the points of one order. */
export function orderPointsPath(orderId: number): string {
  return `/loyalty/v1/orders/${orderId}/points`;
}

/** The balances of the given customers, by id (`GET /loyalty/v1/balances`). */
export async function fetchBalances(customerIds: number[]): Promise<Map<number, string>> {
  const rows = await api<Array<Static<typeof BalanceSchema>>>({
    path: withQuery('/loyalty/v1/balances', { include: customerIds.join(',') }),
  });
  return new Map(rows.map((row) => [row.user_id, row.balance.toLocaleString()]));
}
