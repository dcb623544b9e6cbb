import type { Static } from '@sinclair/typebox';
import { __ } from '@wordpress/i18n';
import { api, apiPage, fieldErrors, restError, withQuery } from '../../../admin/api.js';
import type { CouponResponse, CouponWriteBody } from '../../coupons/coupons.schemas.js';
import type { NamedItem, NamedSource } from './id-token-field.js';

/** A coupon as `GET /wc/v3/coupons` shows it. */
export type Coupon = Static<typeof CouponResponse>;
/** The fields the coupon form writes. */
export type CouponWrite = Static<typeof CouponWriteBody>;
/** A discount type the API accepts. */
export type DiscountType = NonNullable<CouponWrite['discount_type']>;

/** The discount types with WooCommerce's labels (a type the API adds fails the type check until it is named here). */
export function discountTypeOptions(): Array<{ value: DiscountType; label: string }> {
  const labels: Record<DiscountType, string> = {
    percent: __('Percentage discount', 'storeside'),
    fixed_cart: __('Fixed cart discount', 'storeside'),
    fixed_product: __('Fixed product discount', 'storeside'),
  };
  return Object.entries(labels).map(([value, label]) => ({ value: value as DiscountType, label }));
}

/** A discount type's label, or the type itself when unknown. */
export function discountTypeLabel(type: string): string {
  return discountTypeOptions().find((option) => option.value === type)?.label ?? type;
}

/** `GET /wc/v3/coupons` path for one page of coupons matching `search`. */
export function couponsPath(search: string | undefined, page: number, perPage: number): string {
  return withQuery('/wc/v3/coupons', { search, page, per_page: perPage });
}

/** One coupon. */
export function couponPath(id: number): string {
  return `/wc/v3/coupons/${id}`;
}

/** Creates a coupon (no id) or updates one. */
export function saveCoupon(id: number | null, body: CouponWrite): Promise<Coupon> {
  return api({ path: id ? `/wc/v3/coupons/${id}` : '/wc/v3/coupons', method: 'POST', data: body });
}

/** Deletes a coupon for good (coupons have no trash). */
export function deleteCoupon(id: number): Promise<Coupon> {
  return api({ path: `/wc/v3/coupons/${id}?force=true`, method: 'DELETE' });
}

/**
 * The messages of a refused save placed at the form's fields: `data.params`/`data.errors`, the expiry's GMT twin
 * at Expiry date, a taken code (409) at Code; `unplaced` when some message names no field of the form.
 */
export function couponFieldErrors(
  error: unknown,
  fields: readonly string[],
): { byField: Record<string, string>; unplaced: boolean } {
  const named: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(error)))
    named[field.replace(/_gmt$/, '').split('.')[0] ?? field] = message;
  const body = restError(error);
  if (body.code === 'woocommerce_rest_coupon_code_already_exists') named.code = body.message;
  const byField = Object.fromEntries(Object.entries(named).filter(([field]) => fields.includes(field)));
  const placed = Object.keys(byField).length;
  return { byField, unplaced: placed === 0 || placed < Object.keys(named).length };
}

/** Up to 20 products whose name matches `term`, for the coupon's product pickers. */
export function searchProducts(term: string): Promise<NamedItem[]> {
  return api({ path: withQuery('/wc/v3/products', { search: term, per_page: 20, _fields: 'id,name' }) });
}

/** The products of the given ids. */
export function productsByIds(ids: number[]): Promise<NamedItem[]> {
  return api({
    path: withQuery('/wc/v3/products', { include: ids.join(','), per_page: 100, _fields: 'id,name' }),
  });
}

/** Up to 20 categories whose name matches `term`, for the coupon's category pickers. */
export function searchCategories(term: string): Promise<NamedItem[]> {
  return api({
    path: withQuery('/wc/v3/products/categories', { search: term, per_page: 20, _fields: 'id,name' }),
  });
}

/** The categories of the given ids (the route has no `include`: pages of 100 are read until all are found). */
export async function categoriesByIds(ids: number[]): Promise<NamedItem[]> {
  const found: NamedItem[] = [];
  for (let page = 1; ; page++) {
    const batch = await apiPage<NamedItem>(
      withQuery('/wc/v3/products/categories', { page, per_page: 100, _fields: 'id,name' }),
    );
    found.push(...batch.items.filter((item) => ids.includes(item.id)));
    if (found.length >= ids.length || page >= batch.totalPages) return found;
  }
}

/** Where a coupon's product pickers find names: search by name, or the names of given ids. */
export const PRODUCT_NAMES: NamedSource = {
  route: '/wc/v3/products',
  search: searchProducts,
  lookup: productsByIds,
};

/** Where a coupon's category pickers find names. */
export const CATEGORY_NAMES: NamedSource = {
  route: '/wc/v3/products/categories',
  search: searchCategories,
  lookup: categoriesByIds,
};

/** A decimal amount in the shop's currency (`"5.00"` → `$5.00`). */
export function formatPrice(amount: string, currency: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);
}
