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
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_coupons: CouponTable;
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
 * Counts one use of each coupon, only while under its usage limit (atomic, so concurrent checkouts never
 * exceed it). Returns the ids that could not be counted.
 */
export async function incrementCouponUsage(db: DbOrTrx, ids: number[]): Promise<number[]> {
  const refused: number[] = [];
  for (const id of ids) {
    const result = await db
      .updateTable('shop_coupons')
      .set({ usage_count: sql`usage_count + 1` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('usage_count', '<', eb.ref('usage_limit'))]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) refused.push(id);
  }
  return refused;
}

/** Gives back one use of each coupon (order cancelled), never below zero. */
export async function releaseCouponUsage(db: DbOrTrx, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  await db
    .updateTable('shop_coupons')
    .set({ usage_count: sql`usage_count - 1` })
    .where('code', 'in', codes)
    .where('usage_count', '>', 0)
    .execute();
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
  };
}
