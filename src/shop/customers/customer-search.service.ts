import type { AuthUser } from '../../platform/auth/principal.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import type { ShopContext } from '../shop-part.js';
import type { Static } from '@sinclair/typebox';
import { customerView } from './customer-view.js';
import type { CustomerResponse } from './customers.schemas.js';
import {
  findSavedAddresses,
  type CustomerOrderSummary,
  type CustomerQuery,
  customerOrderSummaries,
  searchCustomers,
} from './customers.repository.js';

/** One page of customers matching a query, with the total (the REST list). */
export function customersPage(
  db: DbOrTrx,
  query: CustomerQuery,
): Promise<{ rows: AuthUser[]; total: number }> {
  return searchCustomers(db, query);
}

/** What the orders say about each customer (latest billing, whether one was paid), by id. */
export function orderSummariesOf(
  db: DbOrTrx,
  customerIds: readonly number[],
): Promise<Map<number, CustomerOrderSummary>> {
  return customerOrderSummaries(db, customerIds);
}

/** Users in `wc/v3/customers` shape, with what their orders and saved addresses say (three queries). */
export async function customerViews(
  ctx: ShopContext,
  users: readonly AuthUser[],
): Promise<Array<Static<typeof CustomerResponse>>> {
  const ids = users.map((u) => u.id);
  const [summaries, saved] = await Promise.all([
    customerOrderSummaries(ctx.db, ids),
    findSavedAddresses(ctx.db, ids),
  ]);
  const money = (minor: number) => ctx.shop.formatMoney(minor);
  return users.map((u) => customerView(u, summaries.get(u.id), saved.get(u.id), money));
}
