import type { Static } from '@sinclair/typebox';
import { toIsoNoZone } from '../../platform/db/sql-helpers.js';
import { formatMoney } from '../catalog/money.js';
import type { StoredCoupon } from './coupons.repository.js';
import type { CouponResponse } from './coupons.schemas.js';

/** A stored coupon in WooCommerce REST v3 shape (amounts as decimal strings like `"10.00"`, UTC dates). */
export function couponView(
  coupon: StoredCoupon,
  minorUnit: number,
  usedBy: string[],
): Static<typeof CouponResponse> {
  const created = toIsoNoZone(coupon.created_at)!;
  const modified = toIsoNoZone(coupon.updated_at)!;
  const expires = toIsoNoZone(coupon.date_expires);
  return {
    id: coupon.id,
    code: coupon.code,
    amount:
      coupon.discount_type === 'percent'
        ? formatMoney(coupon.amount * 10 ** minorUnit, minorUnit)
        : formatMoney(coupon.amount, minorUnit),
    discount_type: coupon.discount_type,
    description: coupon.description,
    date_created: created,
    date_created_gmt: created,
    date_modified: modified,
    date_modified_gmt: modified,
    date_expires: expires,
    date_expires_gmt: expires,
    usage_count: coupon.usage_count,
    usage_limit: coupon.usage_limit,
    individual_use: coupon.individual_use,
    email_restrictions: coupon.email_restrictions,
    product_ids: coupon.product_ids,
    excluded_product_ids: coupon.excluded_product_ids,
    usage_limit_per_user: coupon.usage_limit_per_user,
    limit_usage_to_x_items: coupon.limit_usage_to_x_items,
    free_shipping: coupon.free_shipping,
    product_categories: coupon.product_categories,
    excluded_product_categories: coupon.excluded_product_categories,
    exclude_sale_items: coupon.exclude_sale_items,
    minimum_amount: formatMoney(coupon.minimum_amount, minorUnit),
    maximum_amount: formatMoney(coupon.maximum_amount, minorUnit),
    used_by: usedBy,
  };
}
