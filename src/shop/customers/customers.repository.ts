import { sql } from 'kysely';
import type { AuthUser } from '../../platform/auth/principal.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import { containsInsensitive } from '../../platform/db/sql-helpers.js';
import { PAID } from '../orders/order-status.js';

/** Filters of `GET /wc/v3/customers`. */
export interface CustomerQuery {
  role: string | null;
  search?: string;
  email?: string;
  include?: number[];
  orderBy: 'id' | 'name' | 'registered_date';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** What the orders say about a customer: the billing of their latest order and whether one was paid. */
export interface CustomerOrderSummary {
  billing: Record<string, string> | null;
  isPaying: boolean;
  /** Orders placed (trashed ones left out). */
  ordersCount: number;
  /** What paid orders came to, minus their refunds (minor units). */
  spent: number;
}

/** A customer's saved addresses (`shop_customer_addresses`). */
export interface SavedAddresses {
  billing: Record<string, string>;
  shipping: Record<string, string>;
}

/** Row of `shop_customer_addresses` (addresses as JSON). */
export interface CustomerAddressTable {
  user_id: number;
  billing: string;
  shipping: string;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_customer_addresses: CustomerAddressTable;
  }
}

/** One page of users (customers by default) and the total (two queries). */
export async function searchCustomers(
  db: DbOrTrx,
  q: CustomerQuery,
): Promise<{ rows: AuthUser[]; total: number }> {
  let base = db.selectFrom('users');
  if (q.role) base = base.where('role', '=', q.role);
  if (q.email) base = base.where(sql`lower(email)`, '=', q.email.trim().toLowerCase());
  if (q.include) base = base.where('id', 'in', q.include.length > 0 ? q.include : [0]);
  if (q.search) {
    const term = q.search;
    base = base.where((eb) =>
      eb.or([
        containsInsensitive(eb.ref('username'), term),
        containsInsensitive(eb.ref('email'), term),
        containsInsensitive(eb.ref('display_name'), term),
      ]),
    );
  }
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const column =
    q.orderBy === 'name' ? 'display_name' : q.orderBy === 'registered_date' ? 'created_at' : 'id';
  const rows = await base
    .select(['id', 'username', 'email', 'display_name', 'first_name', 'last_name', 'role', 'created_at'])
    .orderBy(column, q.order)
    .orderBy('id', q.order)
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { rows: rows as AuthUser[], total: Number(count.n) };
}

/** Order summaries of the given customers in two queries (latest order id + paid count, then those orders' billing). */
export async function customerOrderSummaries(
  db: DbOrTrx,
  customerIds: readonly number[],
): Promise<Map<number, CustomerOrderSummary>> {
  const result = new Map<number, CustomerOrderSummary>();
  if (customerIds.length === 0) return result;
  const stats = await db
    .selectFrom('shop_orders')
    .select((eb) => [
      'customer_id',
      eb.fn.max('id').as('last_id'),
      eb.fn.sum<number>(sql`case when paid_at is not null then 1 else 0 end`).as('paid'),
      eb.fn.countAll<number>().as('orders'),
      eb.fn
        .sum<number>(sql`case when status in (${sql.join([...PAID])}) then total - refunded_total else 0 end`)
        .as('spent'),
    ])
    .where('customer_id', 'in', [...customerIds])
    .where('trashed', '=', 0)
    .groupBy('customer_id')
    .execute();
  if (stats.length === 0) return result;
  const billing = await db
    .selectFrom('shop_orders')
    .select(['id', 'billing'])
    .where(
      'id',
      'in',
      stats.map((s) => Number(s.last_id)),
    )
    .execute();
  const billingById = new Map(billing.map((b) => [b.id, JSON.parse(b.billing) as Record<string, string>]));
  for (const s of stats)
    result.set(s.customer_id, {
      billing: billingById.get(Number(s.last_id)) ?? null,
      isPaying: Number(s.paid) > 0,
      ordersCount: Number(s.orders),
      spent: Number(s.spent ?? 0),
    });
  return result;
}

/** Saved addresses of the given customers, by id. */
export async function findSavedAddresses(
  db: DbOrTrx,
  customerIds: readonly number[],
): Promise<Map<number, SavedAddresses>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shop_customer_addresses')
    .selectAll()
    .where('user_id', 'in', [...customerIds])
    .execute();
  return new Map(
    rows.map((r) => [r.user_id, { billing: JSON.parse(r.billing), shipping: JSON.parse(r.shipping) }]),
  );
}

/** Saves (inserts or replaces) a customer's addresses. */
export async function saveAddresses(db: DbOrTrx, userId: number, addresses: SavedAddresses): Promise<void> {
  const values = { billing: JSON.stringify(addresses.billing), shipping: JSON.stringify(addresses.shipping) };
  await db
    .insertInto('shop_customer_addresses')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Forgets a deleted customer's addresses and gives their orders to `reassignTo` (0: they become guest orders). */
export async function releaseCustomerData(db: DbOrTrx, userId: number, reassignTo: number): Promise<void> {
  await db.deleteFrom('shop_customer_addresses').where('user_id', '=', userId).execute();
  await db
    .updateTable('shop_orders')
    .set({ customer_id: reassignTo })
    .where('customer_id', '=', userId)
    .execute();
}
