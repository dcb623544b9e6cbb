import type { Coupon, CouponWrite, DiscountType } from './coupons-client.js';

/** The coupon form's fields as typed (text inputs keep what the owner typed until it is sent). */
export interface CouponFormValues {
  code: string;
  description: string;
  discount_type: DiscountType;
  amount: string;
  /** `YYYY-MM-DD`, or empty for no expiry. */
  date_expires: string;
  usage_limit: string;
  individual_use: boolean;
  /** Comma-separated addresses or patterns. */
  email_restrictions: string;
  minimum_amount: string;
  maximum_amount: string;
  usage_limit_per_user: string;
  limit_usage_to_x_items: string;
  exclude_sale_items: boolean;
  product_ids: number[];
  excluded_product_ids: number[];
  product_categories: number[];
  excluded_product_categories: number[];
}

/** An empty form (WooCommerce's defaults: a fixed cart discount, no limits). */
export function emptyCouponForm(): CouponFormValues {
  return {
    code: '',
    description: '',
    discount_type: 'fixed_cart',
    amount: '',
    date_expires: '',
    usage_limit: '',
    individual_use: false,
    email_restrictions: '',
    minimum_amount: '',
    maximum_amount: '',
    usage_limit_per_user: '',
    limit_usage_to_x_items: '',
    exclude_sale_items: false,
    product_ids: [],
    excluded_product_ids: [],
    product_categories: [],
    excluded_product_categories: [],
  };
}

/** The form filled from a stored coupon. */
export function couponFormValues(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    description: coupon.description,
    discount_type: coupon.discount_type as DiscountType,
    amount: coupon.amount,
    date_expires: coupon.date_expires?.slice(0, 10) ?? '',
    usage_limit: countText(coupon.usage_limit),
    individual_use: coupon.individual_use,
    email_restrictions: coupon.email_restrictions.join(', '),
    minimum_amount: Number(coupon.minimum_amount) > 0 ? coupon.minimum_amount : '',
    maximum_amount: Number(coupon.maximum_amount) > 0 ? coupon.maximum_amount : '',
    usage_limit_per_user: countText(coupon.usage_limit_per_user),
    limit_usage_to_x_items: countText(coupon.limit_usage_to_x_items),
    exclude_sale_items: coupon.exclude_sale_items,
    product_ids: coupon.product_ids,
    excluded_product_ids: coupon.excluded_product_ids,
    product_categories: coupon.product_categories,
    excluded_product_categories: coupon.excluded_product_categories,
  };
}

/**
 * The request body for the form: the server judges the amount and limits as typed (its messages come back at the
 * fields); the expiry is 00:00 UTC of its date, as WooCommerce expires a coupon at the start of that day.
 */
export function couponBody(values: CouponFormValues): CouponWrite {
  return {
    code: values.code.trim(),
    description: values.description,
    discount_type: values.discount_type,
    amount: values.amount.trim(),
    date_expires: values.date_expires ? `${values.date_expires}T00:00:00` : null,
    usage_limit: countOrNull(values.usage_limit),
    individual_use: values.individual_use,
    email_restrictions: values.email_restrictions
      .split(',')
      .map((email) => email.trim())
      .filter(Boolean),
    minimum_amount: values.minimum_amount.trim(),
    maximum_amount: values.maximum_amount.trim(),
    usage_limit_per_user: countOrNull(values.usage_limit_per_user),
    limit_usage_to_x_items: countOrNull(values.limit_usage_to_x_items),
    exclude_sale_items: values.exclude_sale_items,
    product_ids: values.product_ids,
    excluded_product_ids: values.excluded_product_ids,
    product_categories: values.product_categories,
    excluded_product_categories: values.excluded_product_categories,
  };
}

function countText(count: number | null): string {
  return count === null ? '' : String(count);
}

// Empty means "no limit"; anything else goes as a number for the server to judge (1.5 is refused there).
function countOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}
