import type { DbOrTrx } from '../../platform/db/database.js';
import { isPostgres } from '../../platform/db/engine.js';
import type { ShopCart } from '../shop-api.js';

/** Row of `shop_carts`: one Store API cart session (guest `t_…` or user `u_<id>`). */
export interface CartTable {
  session_id: string;
  user_id: number | null;
  /** JSON {@link CartContents}. */
  contents: string;
  billing_email: string | null;
  /** JSON of the last computed {@link ShopCart} (what `getCart` readers and admins see without recomputing). */
  snapshot: string | null;
  item_count: number;
  total_price: number;
  /** Set on a guest cart merged into a user's cart at login: its Cart-Token is stale from then on. */
  merged_into: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_carts: CartTable;
  }
}

/** One stored line: what the shopper chose (prices are looked up at every calculation). */
export interface StoredCartItem {
  key: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  variation: Array<{ attribute: string; value: string }>;
}

/** What a cart holds. */
export interface CartContents {
  items: StoredCartItem[];
  coupons: string[];
  /** Where the shopper said the cart goes (`cart/update-customer`), Store API field names. */
  shipping_address?: Record<string, string>;
  /** The chosen shipping rate id of each package (`cart/select-shipping-rate`), by package id. */
  chosen_shipping?: string[];
}

/** A stored cart session. */
export interface StoredCart {
  sessionId: string;
  userId: number | null;
  contents: CartContents;
  billingEmail: string | null;
  mergedInto: string | null;
  updatedAt: string;
}

/** A cart session row, or null; `lock` takes a row lock on PostgreSQL (SQLite transactions are serialized). */
export async function findCartRow(
  db: DbOrTrx,
  sessionId: string,
  options: { lock?: boolean } = {},
): Promise<StoredCart | null> {
  let query = db
    .selectFrom('shop_carts')
    .select(['session_id', 'user_id', 'contents', 'billing_email', 'merged_into', 'updated_at'])
    .where('session_id', '=', sessionId);
  if (options.lock && isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toStoredCart(row) : null;
}

/**
 * Creates the (empty) row of a cart session and answers it, or null when it exists already (a concurrent creator
 * won: read it with `findCartRow`). A row this transaction created is its own until the commit.
 */
export async function insertCartRow(
  db: DbOrTrx,
  input: { sessionId: string; userId: number | null; now: string },
): Promise<StoredCart | null> {
  const row = await db
    .insertInto('shop_carts')
    .values({
      session_id: input.sessionId,
      user_id: input.userId,
      contents: JSON.stringify({ items: [], coupons: [] } satisfies CartContents),
      billing_email: null,
      snapshot: null,
      item_count: 0,
      total_price: 0,
      merged_into: null,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .returning(['session_id', 'user_id', 'contents', 'billing_email', 'merged_into', 'updated_at'])
    .executeTakeFirst();
  return row ? toStoredCart(row) : null;
}

/** Stores a cart's contents and its computed snapshot. */
export async function saveCart(
  db: DbOrTrx,
  input: {
    sessionId: string;
    contents: CartContents;
    billingEmail?: string | null;
    cart: ShopCart;
    now: string;
  },
): Promise<void> {
  await db
    .updateTable('shop_carts')
    .set({
      contents: JSON.stringify(input.contents),
      ...(input.billingEmail !== undefined ? { billing_email: input.billingEmail } : {}),
      snapshot: JSON.stringify(input.cart),
      item_count: input.cart.items.reduce((sum, item) => sum + item.quantity, 0),
      total_price: input.cart.totals.total_price,
      updated_at: input.now,
    })
    .where('session_id', '=', input.sessionId)
    .execute();
}

/** Stores only the computed snapshot (after `recalculateCart`). */
export async function saveSnapshot(db: DbOrTrx, sessionId: string, cart: ShopCart): Promise<void> {
  await db
    .updateTable('shop_carts')
    .set({ snapshot: JSON.stringify(cart), total_price: cart.totals.total_price })
    .where('session_id', '=', sessionId)
    .execute();
}

/** Marks a guest cart as merged into `into` and empties it (its Cart-Token becomes stale). */
export async function markMerged(db: DbOrTrx, sessionId: string, into: string, now: string): Promise<void> {
  await db
    .updateTable('shop_carts')
    .set({
      merged_into: into,
      contents: JSON.stringify({ items: [], coupons: [] } satisfies CartContents),
      snapshot: null,
      item_count: 0,
      total_price: 0,
      updated_at: now,
    })
    .where('session_id', '=', sessionId)
    .execute();
}

/** Deletes guest carts untouched since `before` (their tokens have expired anyway). */
export async function deleteStaleGuestCarts(db: DbOrTrx, before: string): Promise<number> {
  const result = await db
    .deleteFrom('shop_carts')
    .where('user_id', 'is', null)
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function toStoredCart(
  row: Pick<
    CartTable,
    'session_id' | 'user_id' | 'contents' | 'billing_email' | 'merged_into' | 'updated_at'
  >,
): StoredCart {
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    contents: JSON.parse(row.contents) as CartContents,
    billingEmail: row.billing_email,
    mergedInto: row.merged_into,
    updatedAt: row.updated_at,
  };
}
