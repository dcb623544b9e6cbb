import { type Generated, type Selectable, sql } from 'kysely';
import type { DbOrTrx } from '../../platform/db/database.js';
import { containsInsensitive } from '../../platform/db/sql-helpers.js';
import type { CouponType, ShopCoupon } from '../shop-api.js';

/** Row of `shop_coupons` (code stored lower-case, as WooCommerce formats coupon codes). */
export interface CouponTable {
  id: Generated<number>;
  code: string;
  discount_type: CouponType;
  amount: number;
  date_expires: string | null;
  usage_limit: number | null;
  usage_count: number;
  individual_use: number;
  email_restrictions: string;
  description: string;
  created_at: string;
  updated_at: string;
  minimum_amount: number;
  maximum_amount: number;
  usage_limit_per_user: number | null;
  limit_usage_to_x_items: number | null;
  /** JSON arrays of ids. */
  product_ids: string;
  excluded_product_ids: string;
  product_categories: string;
  excluded_product_categories: string;
  exclude_sale_items: number;
  free_shipping: number;
}

/** Row of `shop_coupon_uses`: one per coupon per order that counted it (unique), by user id or guest e-mail. */
export interface CouponUseTable {
  id: Generated<number>;
  coupon_id: number;
  order_id: number;
  used_by: string;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_coupons: CouponTable;
    shop_coupon_uses: CouponUseTable;
  }
}

/** A stored coupon with its timestamps. */
export type StoredCoupon = ShopCoupon & { created_at: string; updated_at: string };

/** Fields written on insert or update. */
export type CouponWrite = Omit<StoredCoupon, 'id' | 'created_at'>;

/** Inserts a coupon; returns its id. */
export async function insertCoupon(
  db: DbOrTrx,
  coupon: CouponWrite & { created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('shop_coupons')
    .values(toRow(coupon))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a coupon's fields. */
export async function updateCoupon(db: DbOrTrx, id: number, coupon: CouponWrite): Promise<void> {
  const { created_at: _, ...row } = toRow({ ...coupon, created_at: '' });
  await db.updateTable('shop_coupons').set(row).where('id', '=', id).execute();
}

/** Deletes a coupon. */
export async function deleteCoupon(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('shop_coupons').where('id', '=', id).execute();
}

/** A coupon by id. */
export async function findCouponById(db: DbOrTrx, id: number): Promise<StoredCoupon | null> {
  const row = await db.selectFrom('shop_coupons').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** Coupons by (lower-case) code. */
export async function findCouponsByCodes(db: DbOrTrx, codes: string[]): Promise<StoredCoupon[]> {
  if (codes.length === 0) return [];
  const rows = await db.selectFrom('shop_coupons').selectAll().where('code', 'in', codes).execute();
  return rows.map(fromRow);
}

/** A page of coupons (newest first), optionally only codes containing `search`. */
export async function listCoupons(
  db: DbOrTrx,
  query: { search?: string; code?: string; offset: number; limit: number },
): Promise<{ items: StoredCoupon[]; total: number }> {
  let base = db.selectFrom('shop_coupons');
  if (query.search) base = base.where(containsInsensitive(sql.ref('code'), query.search));
  if (query.code) base = base.where('code', '=', query.code);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(query.offset).limit(query.limit).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(fromRow), total: Number(count.n) };
}

/**
 * Counts one use of each coupon by the order `orderId`, for `usedBy` (user id or guest e-mail): refused while the
 * coupon is at its usage limit, or when one of `identities` (the customer's id and e-mail) has used it
 * `usage_limit_per_user` times. The counter update locks the coupon's row first, so concurrent checkouts are
 * counted one after the other; the (coupon, order) unique index keeps one use per order. Returns the refused
 * coupon ids: the caller must then roll its transaction back.
 */
export async function recordCouponUses(
  db: DbOrTrx,
  input: {
    orderId: number;
    coupons: ReadonlyArray<Pick<StoredCoupon, 'id' | 'usage_limit_per_user'>>;
    usedBy: string;
    identities: string[];
  },
): Promise<number[]> {
  const refused: number[] = [];
  for (const coupon of input.coupons) {
    const result = await db
      .updateTable('shop_coupons')
      .set({ usage_count: sql`usage_count + 1` })
      .where('id', '=', coupon.id)
      .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('usage_count', '<', eb.ref('usage_limit'))]))
      .executeTakeFirst();
    const overPerUser =
      coupon.usage_limit_per_user !== null &&
      (await countCouponUsesBy(db, coupon.id, input.identities)) >= coupon.usage_limit_per_user;
    if (Number(result.numUpdatedRows) === 0 || overPerUser) {
      refused.push(coupon.id);
      continue;
    }
    await db
      .insertInto('shop_coupon_uses')
      .values({ coupon_id: coupon.id, order_id: input.orderId, used_by: input.usedBy })
      .execute();
  }
  return refused;
}

/** Gives back the uses an order counted (order cancelled): usage counts go down, its `used_by` entries go. */
export async function releaseCouponUsage(
  db: DbOrTrx,
  input: { orderId: number; codes: string[] },
): Promise<void> {
  if (input.codes.length === 0) return;
  await db
    .updateTable('shop_coupons')
    .set({ usage_count: sql`usage_count - 1` })
    .where('code', 'in', input.codes)
    .where('usage_count', '>', 0)
    .execute();
  await db.deleteFrom('shop_coupon_uses').where('order_id', '=', input.orderId).execute();
}

/** How many orders of one of `identities` (user id as text, lower-case e-mail) used a coupon. */
export async function countCouponUsesBy(
  db: DbOrTrx,
  couponId: number,
  identities: string[],
): Promise<number> {
  if (identities.length === 0) return 0;
  const row = await db
    .selectFrom('shop_coupon_uses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('coupon_id', '=', couponId)
    .where('used_by', 'in', identities)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `used_by` of each coupon: who used it, one entry per order, oldest first. */
export async function findCouponUsers(db: DbOrTrx, couponIds: number[]): Promise<Map<number, string[]>> {
  const byCoupon = new Map<number, string[]>(couponIds.map((id) => [id, []]));
  if (couponIds.length === 0) return byCoupon;
  const rows = await db
    .selectFrom('shop_coupon_uses')
    .select(['coupon_id', 'used_by'])
    .where('coupon_id', 'in', couponIds)
    .orderBy('id')
    .execute();
  for (const row of rows) byCoupon.get(row.coupon_id)?.push(row.used_by);
  return byCoupon;
}

function toRow(c: CouponWrite & { created_at: string }) {
  return {
    code: c.code,
    discount_type: c.discount_type,
    amount: c.amount,
    date_expires: c.date_expires,
    usage_limit: c.usage_limit,
    usage_count: c.usage_count,
    individual_use: c.individual_use ? 1 : 0,
    email_restrictions: JSON.stringify(c.email_restrictions),
    description: c.description,
    created_at: c.created_at,
    updated_at: c.updated_at,
    minimum_amount: c.minimum_amount,
    maximum_amount: c.maximum_amount,
    usage_limit_per_user: c.usage_limit_per_user,
    limit_usage_to_x_items: c.limit_usage_to_x_items,
    product_ids: JSON.stringify(c.product_ids),
    excluded_product_ids: JSON.stringify(c.excluded_product_ids),
    product_categories: JSON.stringify(c.product_categories),
    excluded_product_categories: JSON.stringify(c.excluded_product_categories),
    exclude_sale_items: c.exclude_sale_items ? 1 : 0,
    free_shipping: c.free_shipping ? 1 : 0,
  };
}

function fromRow(row: Selectable<CouponTable>): StoredCoupon {
  return {
    id: row.id,
    code: row.code,
    discount_type: row.discount_type,
    amount: row.amount,
    date_expires: row.date_expires,
    usage_limit: row.usage_limit,
    usage_count: row.usage_count,
    individual_use: row.individual_use === 1,
    email_restrictions: JSON.parse(row.email_restrictions) as string[],
    description: row.description,
    created_at: row.created_at,
    updated_at: row.updated_at,
    minimum_amount: Number(row.minimum_amount),
    maximum_amount: Number(row.maximum_amount),
    usage_limit_per_user: row.usage_limit_per_user,
    limit_usage_to_x_items: row.limit_usage_to_x_items,
    product_ids: JSON.parse(row.product_ids) as number[],
    excluded_product_ids: JSON.parse(row.excluded_product_ids) as number[],
    product_categories: JSON.parse(row.product_categories) as number[],
    excluded_product_categories: JSON.parse(row.excluded_product_categories) as number[],
    exclude_sale_items: row.exclude_sale_items === 1,
    free_shipping: row.free_shipping === 1,
  };
}
