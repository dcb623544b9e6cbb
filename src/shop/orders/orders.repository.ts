import { type ExpressionBuilder, type Generated, type Selectable, type SqlBool, sql } from 'kysely';
import type { DbOrTrx, Tables } from '../../platform/db/database.js';
import { isPostgres } from '../../platform/db/engine.js';
import { columnsToSet, escapeLike } from '../../platform/db/sql-helpers.js';
import type { OrderStatus } from '../shop-api.js';
import { searchQueryTerms } from './order-search-terms.js';

/** Row of `shop_orders` (money in minor units; billing as JSON; `trashed` 0/1). */
export interface OrderTable {
  id: Generated<number>;
  status: OrderStatus;
  currency: string;
  customer_id: number;
  billing: string;
  /** JSON shipping address (`{}` for orders placed before orders kept one). */
  shipping: string;
  /** Lower-case billing e-mail (filters, coupon usage). */
  billing_email: string;
  payment_method: string;
  payment_method_title: string;
  /** The gateway's payment id (Stripe: the PaymentIntent), '' when none. */
  transaction_id: string;
  customer_note: string;
  items_subtotal: number;
  discount_total: number;
  fee_total: number;
  total: number;
  total_tax: number;
  refunded_total: number;
  /** JSON `[{name, total}]`. */
  fee_lines: string;
  /** JSON `[{code, discount}]`. */
  coupon_lines: string;
  /** Sum of the shipping lines (minor units). */
  shipping_total: number;
  /** JSON `[{method_id, method_title, instance_id, total}]` ({@link OrderShippingLine}). */
  shipping_lines: string;
  /** JSON taxes (`OrderTaxData`), `{}` when the order was placed without tax. */
  tax_data: Generated<string>;
  cart_session_id: string | null;
  order_key: string;
  stock_reduced: number;
  coupons_counted: number;
  trashed: number;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  completed_at: string | null;
}

/** Row of `shop_order_items`. */
export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variation_id: number;
  name: string;
  sku: string;
  quantity: number;
  price: number;
  subtotal: number;
  total: number;
}

/** Row of `shop_order_refunds` (`line_items` JSON). */
export interface OrderRefundTable {
  id: Generated<number>;
  order_id: number;
  amount: number;
  reason: string;
  line_items: string;
  refunded_by: number | null;
  created_at: string;
}

/** Row of `shop_order_search_terms`: one search term of an order (see `order-search-terms.ts`). */
export interface OrderSearchTermTable {
  term: string;
  order_id: number;
}

/** Row of `shop_order_meta` (`meta_value` JSON). */
export interface OrderMetaTable {
  id: Generated<number>;
  order_id: number;
  meta_key: string;
  meta_value: string;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_orders: OrderTable;
    shop_order_items: OrderItemTable;
    shop_order_refunds: OrderRefundTable;
    shop_order_meta: OrderMetaTable;
    shop_order_search_terms: OrderSearchTermTable;
  }
}

/** A stored order row. */
export type OrderRow = Selectable<OrderTable>;
/** A stored line item row. */
export type OrderItemRow = Selectable<OrderItemTable>;
/** A stored refund row. */
export type RefundRow = Selectable<OrderRefundTable>;
/** A stored meta row. */
export type MetaRow = Selectable<OrderMetaTable>;

/** Filters of the order list. */
export interface OrderFilter {
  statuses?: OrderStatus[];
  trashed?: boolean;
  customerId?: number;
  billingEmail?: string;
  search?: string;
  createdAfter?: string;
  createdBefore?: string;
}

/**
 * Inserts a new order with its line items and search terms; returns the order id and the items' ids (in the order
 * given). PostgreSQL: one statement; SQLite: one per table.
 */
export async function insertOrder(
  db: DbOrTrx,
  input: {
    order: Omit<OrderRow, 'id'>;
    items: ReadonlyArray<Omit<OrderItemRow, 'id' | 'order_id'>>;
    terms: readonly string[];
  },
): Promise<{ id: number; itemIds: number[] }> {
  const { order, items, terms } = input;
  if (!isPostgres(db)) {
    const { id } = await db.insertInto('shop_orders').values(order).returning('id').executeTakeFirstOrThrow();
    const itemIds =
      items.length === 0
        ? []
        : (
            await db
              .insertInto('shop_order_items')
              .values(items.map((item) => ({ ...item, order_id: id })))
              .returning('id')
              .execute()
          ).map((row) => row.id);
    await insertSearchTerms(db, id, terms);
    return { id, itemIds };
  }
  const column = <K extends keyof OrderItemRow>(key: K) => items.map((item) => item[key as never]);
  const { rows } = await sql<{ order_id: number; item_id: number | null }>`
    with placed as (${db.insertInto('shop_orders').values(order).returning('id')}),
    lines as (
      insert into shop_order_items (order_id, product_id, variation_id, name, sku, quantity, price, subtotal, total)
      select placed.id, l.product_id, l.variation_id, l.name, l.sku, l.quantity, l.price, l.subtotal, l.total
      from placed, unnest(${column('product_id')}::int8[], ${column('variation_id')}::int8[],
        ${column('name')}::text[], ${column('sku')}::text[], ${column('quantity')}::int8[], ${column('price')}::int8[],
        ${column('subtotal')}::int8[], ${column('total')}::int8[])
        with ordinality as l(product_id, variation_id, name, sku, quantity, price, subtotal, total, n)
      order by l.n
      returning id
    ),
    terms as (
      insert into shop_order_search_terms (term, order_id)
      select t.term, placed.id from placed, unnest(${[...terms]}::text[]) as t(term)
      on conflict (term, order_id) do nothing
    )
    select placed.id as order_id, lines.id as item_id from placed left join lines on true order by lines.id`.execute(
    db,
  );
  return { id: rows[0]!.order_id, itemIds: rows.flatMap((r) => (r.item_id === null ? [] : [r.item_id])) };
}

/** An order row; `lock` takes the row lock on PostgreSQL (SQLite serializes transactions). */
export async function findOrderRow(
  db: DbOrTrx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<OrderRow | null> {
  let query = db.selectFrom('shop_orders').selectAll().where('id', '=', id);
  if (options.lock && isPostgres(db)) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

/** Order rows by id (any order). */
export async function findOrderRows(db: DbOrTrx, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('shop_orders')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** Line items, refunds and meta of the given orders (three queries whatever the count). */
export async function findOrderChildren(
  db: DbOrTrx,
  ids: readonly number[],
): Promise<{ items: OrderItemRow[]; refunds: RefundRow[]; meta: MetaRow[] }> {
  if (ids.length === 0) return { items: [], refunds: [], meta: [] };
  const list = [...ids];
  const [items, refunds, meta] = await Promise.all([
    db.selectFrom('shop_order_items').selectAll().where('order_id', 'in', list).orderBy('id').execute(),
    db
      .selectFrom('shop_order_refunds')
      .selectAll()
      .where('order_id', 'in', list)
      .orderBy('id', 'desc')
      .execute(),
    db.selectFrom('shop_order_meta').selectAll().where('order_id', 'in', list).orderBy('id').execute(),
  ]);
  return { items, refunds, meta };
}

/** One page of order ids matching `filter` (newest first unless asked), and the total count. */
export async function searchOrderIds(
  db: DbOrTrx,
  filter: OrderFilter & { orderBy?: 'date' | 'id'; order?: 'asc' | 'desc'; offset: number; limit: number },
): Promise<{ ids: number[]; total: number }> {
  // SQLite plans without statistics: with a search it would walk an orders index in date order and test every
  // order against the terms. Written `+column`, the other filters stay out of index choice, so the terms' index
  // ranges find the candidates (looked up by id, then sorted). PostgreSQL costs both ways with its statistics.
  const termsDrive = Boolean(filter.search?.trim()) && !isPostgres(db);
  const col = (name: 'trashed' | 'status' | 'customer_id' | 'billing_email' | 'created_at') =>
    termsDrive ? sql<any>`+${sql.ref(name)}` : sql.ref<any>(name);
  let base = db.selectFrom('shop_orders').where(col('trashed'), '=', filter.trashed ? 1 : 0);
  if (filter.statuses && filter.statuses.length > 0) base = base.where(col('status'), 'in', filter.statuses);
  if (filter.customerId !== undefined) base = base.where(col('customer_id'), '=', filter.customerId);
  if (filter.billingEmail)
    base = base.where(col('billing_email'), '=', filter.billingEmail.trim().toLowerCase());
  if (filter.createdAfter) base = base.where(col('created_at'), '>', filter.createdAfter);
  if (filter.createdBefore) base = base.where(col('created_at'), '<', filter.createdBefore);
  if (filter.search?.trim()) {
    const text = filter.search.trim();
    const asId = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
    // Each query term narrows by an index range over the terms table (never a scan of the orders).
    const terms = searchQueryTerms(text);
    base = base.where((eb) => {
      const byTerms =
        terms.length === 0
          ? sql<SqlBool>`1 = 0`
          : eb.and(
              terms.map((term) =>
                eb(
                  'id',
                  'in',
                  db
                    .selectFrom('shop_order_search_terms')
                    .select('order_id')
                    .where((t) => termStartsWith(db, t, term)),
                ),
              ),
            );
      return asId === null ? byTerms : eb.or([eb('id', '=', asId), byTerms]);
    });
  }
  const order = filter.order ?? 'desc';
  const [rows, count] = await Promise.all([
    base
      .select('id')
      .orderBy(filter.orderBy === 'id' ? 'id' : 'created_at', order)
      .orderBy('id', order)
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}

/** Replaces the search terms of an order (inserts that meet a concurrent writer's are skipped). */
export async function replaceOrderSearchTerms(db: DbOrTrx, orderId: number, terms: string[]): Promise<void> {
  await db.deleteFrom('shop_order_search_terms').where('order_id', '=', orderId).execute();
  await insertSearchTerms(db, orderId, terms);
}

/** Up to `limit` order ids above `afterId`, ascending (batched walks over every order). */
export async function orderIdsAfter(db: DbOrTrx, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('shop_orders')
    .select('id')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

// A prefix match the terms indexes serve: PostgreSQL's text_pattern_ops index takes LIKE 'x%'; SQLite uses its
// primary key for a range, exact under its binary collation.
function termStartsWith(
  db: DbOrTrx,
  eb: ExpressionBuilder<Tables, 'shop_order_search_terms'>,
  prefix: string,
) {
  if (isPostgres(db)) return eb('term', 'like', `${escapeLike(prefix)}%`);
  const chars = Array.from(prefix);
  const last = chars.pop() ?? '';
  const upper = chars.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
  return eb.and([eb('term', '>=', prefix), eb('term', '<', upper)]);
}

/** The meta rows of one order. */
export async function findOrderMeta(db: DbOrTrx, orderId: number): Promise<MetaRow[]> {
  return db.selectFrom('shop_order_meta').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Changes columns of an order and answers its row as changed. */
export async function updateOrderRowReturning(
  db: DbOrTrx,
  id: number,
  patch: Partial<Omit<OrderRow, 'id'>>,
): Promise<OrderRow> {
  return db
    .updateTable('shop_orders')
    .set(columnsToSet(patch) ?? {})
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes columns of an order. */
export async function updateOrderRow(
  db: DbOrTrx,
  id: number,
  patch: Partial<Omit<OrderRow, 'id'>>,
): Promise<void> {
  const columns = columnsToSet(patch);
  if (columns) await db.updateTable('shop_orders').set(columns).where('id', '=', id).execute();
}

/**
 * Adds `amount` to the refunded total only while it stays within the order total (one conditional UPDATE, so
 * concurrent refunds can never over-refund); false when it would exceed it.
 */
export async function addRefunded(db: DbOrTrx, id: number, amount: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('shop_orders')
    .set({ refunded_total: sql`refunded_total + ${amount}`, updated_at: now })
    .where('id', '=', id)
    .where(sql<boolean>`refunded_total + ${amount} <= total`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Inserts a refund; returns its id. */
export async function insertRefund(db: DbOrTrx, refund: Omit<RefundRow, 'id'>): Promise<number> {
  const { id } = await db
    .insertInto('shop_order_refunds')
    .values(refund)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Takes a refund back: deletes its row and lowers the order's refunded total; false when it was not there. */
export async function deleteRefundRow(
  db: DbOrTrx,
  refund: { id: number; order_id: number; amount: number },
  now: string,
): Promise<boolean> {
  const gone = await db
    .deleteFrom('shop_order_refunds')
    .where('id', '=', refund.id)
    .where('order_id', '=', refund.order_id)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) return false;
  await db
    .updateTable('shop_orders')
    .set({ refunded_total: sql`refunded_total - ${refund.amount}`, updated_at: now })
    .where('id', '=', refund.order_id)
    .execute();
  return true;
}

/** One page of refund ids of every order (or of the `parents` orders), newest first, and the total. */
export async function searchRefundIds(
  db: DbOrTrx,
  filter: { parents?: number[]; order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<{ rows: Array<{ id: number; order_id: number }>; total: number }> {
  let base = db.selectFrom('shop_order_refunds');
  if (filter.parents) base = base.where('order_id', 'in', filter.parents.length > 0 ? filter.parents : [0]);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'order_id'])
      .orderBy('created_at', filter.order)
      .orderBy('id', filter.order)
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Sets one meta entry of an order (insert or replace). */
export async function upsertOrderMeta(
  db: DbOrTrx,
  orderId: number,
  key: string,
  value: unknown,
): Promise<void> {
  await db
    .insertInto('shop_order_meta')
    .values({ order_id: orderId, meta_key: key, meta_value: JSON.stringify(value ?? null) })
    .onConflict((oc) =>
      oc.columns(['order_id', 'meta_key']).doUpdateSet({ meta_value: JSON.stringify(value ?? null) }),
    )
    .execute();
}

/** Deletes one meta entry of an order. */
export async function deleteOrderMeta(db: DbOrTrx, orderId: number, key: string): Promise<void> {
  await db
    .deleteFrom('shop_order_meta')
    .where('order_id', '=', orderId)
    .where('meta_key', '=', key)
    .execute();
}

/** Deletes an order and everything under it. */
export async function deleteOrderRow(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('shop_order_items').where('order_id', '=', id).execute();
  await db.deleteFrom('shop_order_refunds').where('order_id', '=', id).execute();
  await db.deleteFrom('shop_order_meta').where('order_id', '=', id).execute();
  await db.deleteFrom('shop_order_notes').where('order_id', '=', id).execute();
  await db.deleteFrom('shop_order_search_terms').where('order_id', '=', id).execute();
  await db.deleteFrom('shop_orders').where('id', '=', id).execute();
}

function insertSearchTerms(db: DbOrTrx, orderId: number, terms: readonly string[]) {
  if (terms.length === 0) return Promise.resolve();
  return db
    .insertInto('shop_order_search_terms')
    .values(terms.map((term) => ({ term, order_id: orderId })))
    .onConflict((oc) => oc.columns(['term', 'order_id']).doNothing())
    .execute();
}
