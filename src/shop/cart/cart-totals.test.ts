import { describe, expect, it } from 'vitest';
import type { ShopCoupon } from '../shop-api.js';
import {
  applyCoupons,
  couponAppliesToLine,
  finishTotals,
  type LineFacts,
  roundHalfUp,
  shareOut,
} from './cart-totals.js';

const line = (key: string, price: number, quantity: number, product_id = 1) => ({
  key,
  product_id,
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

describe('applyCoupons with restrictions', () => {
  // a: product 1 in category 10, b: product 2 on sale in category 20, c: product 3 in category 10.
  const lines = [line('a', 1000, 2, 1), line('b', 500, 1, 2), line('c', 300, 4, 3)];
  const facts = new Map<string, LineFacts>([
    ['a', { categoryIds: [10], onSale: false }],
    ['b', { categoryIds: [20], onSale: true }],
    ['c', { categoryIds: [10], onSale: false }],
  ]);
  const totals = (result: ReturnType<typeof applyCoupons>) => result.discounted.map((i) => i.line_total);

  it('should take a percent coupon only off the lines it is for', () => {
    const result = applyCoupons(lines, [coupon('p', 'percent', 10, { product_categories: [10] })], facts);
    // 10% of a (2000) and c (1200) = 320; b untouched.
    expect(result.coupons).toEqual([{ code: 'p', discount: 320 }]);
    expect(totals(result)).toEqual([1800, 500, 1080]);
  });

  it('should skip sale items and excluded products and categories', () => {
    const sale = applyCoupons(lines, [coupon('s', 'percent', 50, { exclude_sale_items: true })], facts);
    expect(totals(sale)).toEqual([1000, 500, 600]);
    const ids = applyCoupons(lines, [coupon('x', 'percent', 50, { excluded_product_ids: [1] })], facts);
    expect(totals(ids)).toEqual([2000, 250, 600]);
    const cats = applyCoupons(
      lines,
      [coupon('y', 'percent', 50, { excluded_product_categories: [10] })],
      facts,
    );
    expect(totals(cats)).toEqual([2000, 250, 1200]);
  });

  it('should take fixed_product off each item, capped at its price, on at most x items dearest first', () => {
    const all = applyCoupons(lines, [coupon('f', 'fixed_product', 400)], facts);
    // a: 2 × 400, b: 1 × 400, c: 4 × 300 (capped at the price).
    expect(all.coupons[0]!.discount).toBe(800 + 400 + 1200);
    const limited = applyCoupons(
      lines,
      [coupon('f', 'fixed_product', 100, { limit_usage_to_x_items: 3 })],
      facts,
    );
    // The three dearest items: both of a (10.00) and b (5.00).
    expect(totals(limited)).toEqual([1800, 400, 1200]);
    const percent = applyCoupons(lines, [coupon('p', 'percent', 10, { limit_usage_to_x_items: 1 })], facts);
    expect(percent.coupons[0]!.discount).toBe(100);
  });

  it('should spread a fixed_cart coupon over its eligible lines only, capped at what they have left', () => {
    const result = applyCoupons(lines, [coupon('c', 'fixed_cart', 999, { product_ids: [1, 3] })], facts);
    expect(result.coupons[0]!.discount).toBe(999);
    expect(result.discounted[1]!.line_total).toBe(500);
    expect(2000 + 1200 - result.discounted[0]!.line_total - result.discounted[2]!.line_total).toBe(999);
    const huge = applyCoupons(lines, [coupon('c', 'fixed_cart', 1_000_000)], facts);
    expect(totals(huge)).toEqual([0, 0, 0]);
    expect(huge.coupons[0]!.discount).toBe(3700);
  });

  it('should apply fixed_product, then percent, then fixed_cart, never below zero', () => {
    const result = applyCoupons(
      [line('a', 1000, 1)],
      [coupon('cart', 'fixed_cart', 5000), coupon('pc', 'percent', 50), coupon('item', 'fixed_product', 700)],
    );
    // item: 700; percent: 50% of 1000 = 500 capped at the 300 left; cart: nothing left.
    expect(result.coupons).toEqual([
      { code: 'item', discount: 700 },
      { code: 'pc', discount: 300 },
      { code: 'cart', discount: 0 },
    ]);
    expect(result.discounted[0]!.line_total).toBe(0);
  });

  it('should match a variation by its own id or its parent product', () => {
    const variation = { ...line('v', 100, 1, 5), variation_id: 6 };
    const none = { categoryIds: [], onSale: false };
    expect(couponAppliesToLine(coupon('a', 'percent', 1, { product_ids: [5] }), variation, none)).toBe(true);
    expect(couponAppliesToLine(coupon('a', 'percent', 1, { product_ids: [6] }), variation, none)).toBe(true);
    expect(
      couponAppliesToLine(coupon('a', 'percent', 1, { excluded_product_ids: [6] }), variation, none),
    ).toBe(false);
  });
});

describe('shareOut', () => {
  it('should split an amount exactly, in proportion, never above a weight', () => {
    expect(shareOut(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(shareOut(5, [0, 5])).toEqual([0, 5]);
    expect(shareOut(7, [0, 0])).toEqual([0, 0]);
  });
});

describe('shareOut over line subtotals', () => {
  it('should spread a discount so that the line totals add up exactly', () => {
    expect(shareOut(100, [333, 333, 334])).toEqual([33, 33, 34]);
    expect(shareOut(7, [333, 333, 334]).reduce((a, b) => a + b, 0)).toBe(7);
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
