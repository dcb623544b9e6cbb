import type { AuthUser } from '../../platform/auth/principal.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import {
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
