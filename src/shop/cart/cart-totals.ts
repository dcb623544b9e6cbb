import type { ShopCart, ShopCartFee, ShopCartItem, ShopCoupon } from '../shop-api.js';

/** A priced cart line before discounts. */
export type PricedLine = Omit<ShopCartItem, 'line_subtotal' | 'line_total'>;

/** What extensions added through `cart.calculate_totals`. */
export interface TotalsAdditions {
  fees: ShopCartFee[];
  virtualCoupons: Array<{ code: string; amount: number }>;
}

/** Items with their subtotals, and the discounts of the real coupons (percent first, then fixed, each capped). */
export function applyCoupons(
  lines: PricedLine[],
  coupons: ShopCoupon[],
): { items: ShopCartItem[]; totalItems: number; coupons: Array<{ code: string; discount: number }> } {
  const items = lines.map((line) => {
    const subtotal = line.price * line.quantity;
    return { ...line, line_subtotal: subtotal, line_total: subtotal };
  });
  const totalItems = items.reduce((sum, item) => sum + item.line_subtotal, 0);
  // WooCommerce applies percentage coupons before fixed ones, each on the undiscounted subtotal.
  const ordered = [...coupons].sort(
    (a, b) => Number(b.discount_type === 'percent') - Number(a.discount_type === 'percent'),
  );
  let remaining = totalItems;
  const applied = ordered.map((coupon) => {
    const wanted =
      coupon.discount_type === 'percent' ? roundHalfUp((totalItems * coupon.amount) / 100) : coupon.amount;
    const discount = Math.min(wanted, remaining);
    remaining -= discount;
    return { code: coupon.code, discount };
  });
  return { items, totalItems, coupons: applied };
}

/**
 * The final cart: virtual coupons (capped at what is left), the total discount spread over the lines
 * (largest remainder, so line totals always add up), fees, and the total (never below zero).
 */
export function finishTotals(input: {
  base: Omit<ShopCart, 'totals' | 'fees'>;
  totalItems: number;
  additions: TotalsAdditions;
}): ShopCart {
  const { base, totalItems, additions } = input;
  let remaining = totalItems - base.coupons.reduce((sum, c) => sum + c.discount, 0);
  const virtual = additions.virtualCoupons.map((coupon) => {
    const discount = Math.max(0, Math.min(coupon.amount, remaining));
    remaining -= discount;
    return { code: coupon.code, discount, virtual: true };
  });
  const coupons = [...base.coupons, ...virtual];
  const totalDiscount = coupons.reduce((sum, c) => sum + c.discount, 0);
  const items = spreadDiscount(base.items, totalDiscount);
  const totalFees = additions.fees.reduce((sum, fee) => sum + fee.amount, 0);
  return {
    ...base,
    items,
    coupons,
    fees: additions.fees,
    totals: {
      total_items: totalItems,
      total_discount: totalDiscount,
      total_fees: totalFees,
      total_shipping: 0,
      total_tax: 0,
      total_price: Math.max(0, totalItems - totalDiscount + totalFees),
    },
  };
}

/** Spreads `discount` over the lines in proportion to their subtotals; the parts add up exactly. */
export function spreadDiscount(items: ShopCartItem[], discount: number): ShopCartItem[] {
  const total = items.reduce((sum, item) => sum + item.line_subtotal, 0);
  if (discount === 0 || total === 0)
    return items.map((item) => ({ ...item, line_total: item.line_subtotal }));
  const shares = items.map((item) => (discount * item.line_subtotal) / total);
  const floors = shares.map(Math.floor);
  let left = discount - floors.reduce((a, b) => a + b, 0);
  const byRemainder = shares.map((s, i) => ({ i, r: s - floors[i] })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return items.map((item, i) => ({ ...item, line_total: item.line_subtotal - floors[i] }));
}

/** Rounds half away from zero to an integer (WooCommerce rounds money half-up). */
export function roundHalfUp(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}
