import { describe, expect, it } from 'vitest';
import type { ShopCoupon } from '../shop-api.js';
import { applyCoupons, finishTotals, roundHalfUp, spreadDiscount } from './cart-totals.js';

const line = (key: string, price: number, quantity: number) => ({
  key,
  product_id: 1,
  variation_id: 0,
  quantity,
  name: key,
  sku: '',
  price,
});
const coupon = (
  code: string,
  discount_type: ShopCoupon['discount_type'],
  amount: number,
  restrictions: Partial<ShopCoupon> = {},
): ShopCoupon => ({
  id: 1,
  code,
  discount_type,
  amount,
  date_expires: null,
  usage_limit: null,
  usage_count: 0,
  individual_use: false,
  email_restrictions: [],
  description: '',
  minimum_amount: 0,
  maximum_amount: 0,
  usage_limit_per_user: null,
  limit_usage_to_x_items: null,
  product_ids: [],
  excluded_product_ids: [],
  product_categories: [],
  excluded_product_categories: [],
  exclude_sale_items: false,
  free_shipping: false,
  ...restrictions,
});

describe('applyCoupons', () => {
  it('should apply percent coupons before fixed ones, each capped at what is left', () => {
    const result = applyCoupons(
      [line('a', 999, 3)],
      [coupon('big', 'fixed_cart', 5000), coupon('ten', 'percent', 10)],
    );
    expect(result.totalItems).toBe(2997);
    expect(result.coupons).toEqual([
      { code: 'ten', discount: 300 },
      { code: 'big', discount: 2697 },
    ]);
  });
});

describe('spreadDiscount', () => {
  it('should spread a discount so that the line totals add up exactly', () => {
    const items = applyCoupons([line('a', 333, 1), line('b', 333, 1), line('c', 334, 1)], []).items;
    const spread = spreadDiscount(items, 100);
    expect(spread.map((i) => i.line_total)).toEqual([300, 300, 300]);
    const odd = spreadDiscount(items, 7);
    expect(odd.reduce((sum, i) => sum + i.line_subtotal - i.line_total, 0)).toBe(7);
  });
});

describe('finishTotals', () => {
  it('should cap virtual coupons, add fees, and never go below zero', () => {
    const priced = applyCoupons([line('a', 1000, 1)], []);
    const cart = finishTotals({
      base: {
        session_id: 't_x',
        user_id: null,
        items: priced.items,
        coupons: [],
        billing_email: null,
        updated_at: '',
      },
      totalItems: priced.totalItems,
      additions: {
        fees: [{ key: 'f', name: 'Discount', amount: -600 }],
        virtualCoupons: [{ code: 'points', amount: 5000 }],
      },
    });
    expect(cart.coupons).toEqual([{ code: 'points', discount: 1000, virtual: true }]);
    expect(cart.totals).toMatchObject({ total_discount: 1000, total_fees: -600, total_price: 0 });
  });
});

describe('roundHalfUp', () => {
  it('should round halves away from zero', () => {
    expect(roundHalfUp(724.8)).toBe(725);
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(-2.5)).toBe(-3);
  });
});
