import type { Static } from '@sinclair/typebox';
import { toIsoNoZone } from '../../platform/db/sql-helpers.js';
import { formatMoney } from '../catalog/money.js';
import type { StoredCoupon } from './coupons.repository.js';
import type { CouponResponse } from './coupons.schemas.js';

/** A stored coupon in WooCommerce REST v3 shape (amount as a decimal string, UTC dates). */
export function couponView(coupon: StoredCoupon, minorUnit: number): Static<typeof CouponResponse> {
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
  };
}
