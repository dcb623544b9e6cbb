import type { Clock } from '../../platform/clock.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import { fromDbTime, toDbTime } from '../../platform/db/sql-helpers.js';
import { ConflictError, invalid, NotFoundError } from '../../platform/http/errors.js';
import type { NewCoupon, ShopCoupon } from '../shop-api.js';
import {
  type CouponWrite,
  deleteCoupon,
  findCouponById,
  findCouponUsers,
  findCouponsByCodes,
  insertCoupon,
  listCoupons,
  type StoredCoupon,
  updateCoupon,
} from './coupons.repository.js';

/** A stored coupon with its timestamps. */
export type { StoredCoupon };

/** Changes to a coupon (every field optional). */
export type CouponPatch = Partial<NewCoupon> & { usage_count?: number };

/** WooCommerce's coupon code format: trimmed, lower-case. */
export function formatCouponCode(code: string): string {
  return code.trim().toLowerCase();
}

/** Creates a coupon; a taken code is a ConflictError, bad fields a ValidationError. */
export async function createCoupon(
  db: DbOrTrx,
  clock: Clock,
  input: NewCoupon & { usage_count?: number },
): Promise<StoredCoupon> {
  const now = toDbTime(clock.now());
  const coupon = validated({
    code: input.code,
    discount_type: input.discount_type,
    amount: input.amount,
    date_expires: normalizeDate(input.date_expires ?? null),
    usage_limit: input.usage_limit ?? null,
    usage_count: input.usage_count ?? 0,
    individual_use: input.individual_use ?? false,
    email_restrictions: input.email_restrictions ?? [],
    description: input.description ?? '',
    minimum_amount: input.minimum_amount ?? 0,
    maximum_amount: input.maximum_amount ?? 0,
    usage_limit_per_user: input.usage_limit_per_user ?? null,
    limit_usage_to_x_items: input.limit_usage_to_x_items ?? null,
    product_ids: input.product_ids ?? [],
    excluded_product_ids: input.excluded_product_ids ?? [],
    product_categories: input.product_categories ?? [],
    excluded_product_categories: input.excluded_product_categories ?? [],
    exclude_sale_items: input.exclude_sale_items ?? false,
    free_shipping: input.free_shipping ?? false,
    updated_at: now,
  });
  await assertCodeFree(db, coupon.code);
  try {
    const id = await insertCoupon(db, { ...coupon, created_at: now });
    return { ...coupon, id, created_at: now };
  } catch (error) {
    // Two creators racing for one code: the unique index decides.
    if (isUniqueViolation(error)) throw codeTaken(coupon.code);
    throw error;
  }
}

/** Changes a coupon; unknown id → 404. */
export async function changeCoupon(
  db: DbOrTrx,
  clock: Clock,
  id: number,
  patch: CouponPatch,
): Promise<StoredCoupon> {
  const current = await requireCoupon(db, id);
  const next = validated({
    code: patch.code ?? current.code,
    discount_type: patch.discount_type ?? current.discount_type,
    amount: patch.amount ?? current.amount,
    date_expires: patch.date_expires === undefined ? current.date_expires : normalizeDate(patch.date_expires),
    usage_limit: patch.usage_limit === undefined ? current.usage_limit : patch.usage_limit,
    usage_count: patch.usage_count ?? current.usage_count,
    individual_use: patch.individual_use ?? current.individual_use,
    email_restrictions: patch.email_restrictions ?? current.email_restrictions,
    description: patch.description ?? current.description,
    minimum_amount: patch.minimum_amount ?? current.minimum_amount,
    maximum_amount: patch.maximum_amount ?? current.maximum_amount,
    usage_limit_per_user:
      patch.usage_limit_per_user === undefined ? current.usage_limit_per_user : patch.usage_limit_per_user,
    limit_usage_to_x_items:
      patch.limit_usage_to_x_items === undefined
        ? current.limit_usage_to_x_items
        : patch.limit_usage_to_x_items,
    product_ids: patch.product_ids ?? current.product_ids,
    excluded_product_ids: patch.excluded_product_ids ?? current.excluded_product_ids,
    product_categories: patch.product_categories ?? current.product_categories,
    excluded_product_categories: patch.excluded_product_categories ?? current.excluded_product_categories,
    exclude_sale_items: patch.exclude_sale_items ?? current.exclude_sale_items,
    free_shipping: patch.free_shipping ?? current.free_shipping,
    updated_at: toDbTime(clock.now()),
  });
  if (next.code !== current.code) await assertCodeFree(db, next.code);
  await updateCoupon(db, id, next);
  return { ...next, id, created_at: current.created_at };
}

/** Deletes a coupon and returns what it was; unknown id → 404. */
export async function removeCoupon(db: DbOrTrx, id: number): Promise<StoredCoupon> {
  const current = await requireCoupon(db, id);
  await deleteCoupon(db, id);
  return current;
}

/** A coupon by id; unknown → 404 `woocommerce_rest_shop_coupon_invalid_id`. */
export async function requireCoupon(db: DbOrTrx, id: number): Promise<StoredCoupon> {
  const coupon = await findCouponById(db, id);
  if (!coupon) throw new NotFoundError('woocommerce_rest_shop_coupon_invalid_id', 'Invalid ID.');
  return coupon;
}

/** A coupon by code (case-insensitive), or null. */
export async function findCoupon(db: DbOrTrx, code: string): Promise<StoredCoupon | null> {
  return (await findCouponsByCodes(db, [formatCouponCode(code)]))[0] ?? null;
}

/** `used_by` of each coupon (user ids as text, guest e-mails), by coupon id. */
export function couponUsers(
  db: DbOrTrx,
  coupons: ReadonlyArray<{ id: number }>,
): Promise<Map<number, string[]>> {
  return findCouponUsers(
    db,
    coupons.map((c) => c.id),
  );
}

/** A page of coupons. */
export function searchCoupons(
  db: DbOrTrx,
  query: { search?: string; code?: string; offset: number; limit: number },
) {
  return listCoupons(db, {
    ...query,
    code: query.code === undefined ? undefined : formatCouponCode(query.code),
  });
}

/**
 * Why a coupon cannot be used now (expired, usage limit reached, e-mail not allowed), or null. The e-mail
 * restriction is only checked when an e-mail is known (WooCommerce checks it against the billing e-mail).
 */
export function couponProblem(coupon: ShopCoupon, input: { now: Date; email: string | null }): string | null {
  if (coupon.date_expires && fromDbTime(coupon.date_expires).getTime() <= input.now.getTime())
    return `This coupon has expired.`;
  if (coupon.usage_limit !== null && coupon.usage_count >= coupon.usage_limit)
    return `Coupon usage limit has been reached.`;
  if (input.email && coupon.email_restrictions.length > 0 && !emailAllowed(coupon, input.email))
    return `Sorry, it seems the coupon "${coupon.code}" is not yours.`;
  return null;
}

/** True when `email` matches one of the coupon's restrictions (`*` wildcards allowed, case-insensitive). */
export function emailAllowed(coupon: ShopCoupon, email: string): boolean {
  const address = email.trim().toLowerCase();
  return coupon.email_restrictions.some((pattern) => {
    const regex = new RegExp(
      `^${pattern
        .toLowerCase()
        .split('*')
        .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    return regex.test(address);
  });
}

const ID_LISTS = [
  'product_ids',
  'excluded_product_ids',
  'product_categories',
  'excluded_product_categories',
] as const;

function validated(coupon: CouponWrite): CouponWrite {
  const code = formatCouponCode(coupon.code);
  if (code === '') throw invalid('code', 'required', 'The coupon code cannot be empty.');
  if (code.length > 100) throw invalid('code', 'max', 'The coupon code may not exceed 100 characters.');
  if (!Number.isInteger(coupon.amount) || coupon.amount < 0)
    throw invalid('amount', 'min', 'The amount must be a positive number.');
  if (coupon.discount_type === 'percent' && coupon.amount > 100)
    throw invalid('amount', 'max', 'A percentage discount may not exceed 100.');
  if (coupon.usage_limit !== null && (!Number.isInteger(coupon.usage_limit) || coupon.usage_limit < 0))
    throw invalid('usage_limit', 'min', 'The usage limit must be a positive integer or null.');
  for (const field of ['minimum_amount', 'maximum_amount'] as const)
    if (!Number.isInteger(coupon[field]) || coupon[field] < 0)
      throw invalid(field, 'min', `The ${field} must be a non-negative decimal number.`);
  if (coupon.maximum_amount > 0 && coupon.minimum_amount > coupon.maximum_amount)
    throw invalid('maximum_amount', 'min', 'The maximum spend may not be below the minimum spend.');
  for (const field of ['usage_limit_per_user', 'limit_usage_to_x_items'] as const) {
    const value = coupon[field];
    if (value !== null && (!Number.isInteger(value) || value < 0))
      throw invalid(field, 'min', `The ${field} must be a positive integer or null.`);
  }
  for (const field of ID_LISTS)
    if (coupon[field].some((id) => !Number.isInteger(id) || id < 1))
      throw invalid(field, 'integer', `The ${field} must be a list of positive integer ids.`);
  const emails = coupon.email_restrictions.map((e) => e.trim().toLowerCase()).filter(Boolean);
  for (const email of emails) {
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      throw invalid('email_restrictions', 'email', `"${email}" is not a valid e-mail address or pattern.`);
  }
  return {
    ...coupon,
    code,
    email_restrictions: emails,
    // WooCommerce reads 0 as "no limit" for these two.
    usage_limit_per_user: coupon.usage_limit_per_user || null,
    limit_usage_to_x_items: coupon.limit_usage_to_x_items || null,
    product_ids: unique(coupon.product_ids),
    excluded_product_ids: unique(coupon.excluded_product_ids),
    product_categories: unique(coupon.product_categories),
    excluded_product_categories: unique(coupon.excluded_product_categories),
  };
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

function normalizeDate(value: string | null): string | null {
  if (value === null || value === '') return null;
  const hasZone = /(Z|[+-]\d\d:?\d\d)$/.test(value);
  const date = new Date(hasZone ? value : `${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime()))
    throw invalid('date_expires', 'date', 'The expiry date is not a valid date.');
  return toDbTime(date);
}

async function assertCodeFree(db: DbOrTrx, code: string): Promise<void> {
  if ((await findCouponsByCodes(db, [code])).length > 0) throw codeTaken(code);
}

function codeTaken(code: string): ConflictError {
  return new ConflictError(
    'woocommerce_rest_coupon_code_already_exists',
    `The coupon code "${code}" already exists.`,
  );
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
