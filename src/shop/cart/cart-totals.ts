import type { ShopCart, ShopCartFee, ShopCartItem, ShopCoupon } from '../shop-api.js';

/** A priced cart line before discounts. */
export type PricedLine = Omit<ShopCartItem, 'line_subtotal' | 'line_total'>;

/** What extensions added through `cart.calculate_totals`. */
export interface TotalsAdditions {
  fees: ShopCartFee[];
  virtualCoupons: Array<{ code: string; amount: number }>;
}

/** What coupon rules know about a line's product beyond its price (categories include their ancestors). */
export interface LineFacts {
  categoryIds: number[];
  onSale: boolean;
}

/** A line as coupons see it: its price and quantity, and its product's categories and sale state. */
export type CouponLine = Pick<PricedLine, 'key' | 'product_id' | 'variation_id' | 'price' | 'quantity'>;

/**
 * Items with their subtotals, and the discount of each real coupon, applied per line in WooCommerce's order
 * (fixed_product, then percent, then fixed_cart; each on the undiscounted prices, capped at what a line has
 * left): fixed_product takes its amount off each eligible item, percent its share of each eligible line
 * (both on at most `limit_usage_to_x_items` items, dearest first), fixed_cart is shared out over the eligible
 * lines in proportion to what they have left. `items` are undiscounted; `discounted` carry each line's total.
 */
export function applyCoupons(
  lines: PricedLine[],
  coupons: ShopCoupon[],
  facts: ReadonlyMap<string, LineFacts> = new Map(),
): {
  items: ShopCartItem[];
  discounted: ShopCartItem[];
  totalItems: number;
  coupons: Array<{ code: string; discount: number }>;
} {
  const items = lines.map((line) => {
    const subtotal = line.price * line.quantity;
    return { ...line, line_subtotal: subtotal, line_total: subtotal };
  });
  const totalItems = items.reduce((sum, item) => sum + item.line_subtotal, 0);
  const left = items.map((item) => item.line_subtotal);
  const ordered = [...coupons].sort((a, b) => ORDER[a.discount_type] - ORDER[b.discount_type]);
  const applied = ordered.map((coupon) => {
    const eligible = lines.flatMap((line, i) =>
      couponAppliesToLine(coupon, line, facts.get(line.key) ?? NO_FACTS) ? [i] : [],
    );
    const wanted = wantedDiscounts(coupon, lines, eligible, left);
    let discount = 0;
    eligible.forEach((i, n) => {
      const taken = Math.min(wanted[n], left[i]);
      left[i] -= taken;
      discount += taken;
    });
    return { code: coupon.code, discount };
  });
  const discounted = items.map((item, i) => ({ ...item, line_total: left[i] }));
  return { items, discounted, totalItems, coupons: applied };
}

/**
 * True when a coupon may discount this line (WooCommerce's rules): the product or its parent is in
 * `product_ids` (when set) and not in `excluded_product_ids`; one of its categories (or their ancestors) is in
 * `product_categories` (when set) and none in `excluded_product_categories`; not on sale when
 * `exclude_sale_items`.
 */
export function couponAppliesToLine(coupon: ShopCoupon, line: CouponLine, facts: LineFacts): boolean {
  const ids = line.variation_id ? [line.product_id, line.variation_id] : [line.product_id];
  const inList = (list: number[], values: number[]) => values.some((v) => list.includes(v));
  if (coupon.product_ids.length > 0 && !inList(coupon.product_ids, ids)) return false;
  if (inList(coupon.excluded_product_ids, ids)) return false;
  if (coupon.product_categories.length > 0 && !inList(coupon.product_categories, facts.categoryIds))
    return false;
  if (inList(coupon.excluded_product_categories, facts.categoryIds)) return false;
  return !(coupon.exclude_sale_items && facts.onSale);
}

/**
 * The final cart from lines already discounted by the real coupons: virtual coupons (capped at what is left)
 * spread over what the lines have left (largest remainder, so line totals always add up), fees, and the total
 * (never below zero).
 */
export function finishTotals(input: {
  base: Omit<ShopCart, 'totals' | 'fees'>;
  totalItems: number;
  additions: TotalsAdditions;
  /** What the chosen shipping rates charge (the shipping step, `shipping/cart-shipping.ts`). */
  shipping?: number;
}): ShopCart {
  const { base, totalItems, additions, shipping = 0 } = input;
  let remaining = totalItems - base.coupons.reduce((sum, c) => sum + c.discount, 0);
  const virtual = additions.virtualCoupons.map((coupon) => {
    const discount = Math.max(0, Math.min(coupon.amount, remaining));
    remaining -= discount;
    return { code: coupon.code, discount, virtual: true };
  });
  const coupons = [...base.coupons, ...virtual];
  const totalDiscount = coupons.reduce((sum, c) => sum + c.discount, 0);
  const parts = shareOut(
    virtual.reduce((sum, c) => sum + c.discount, 0),
    base.items.map((item) => item.line_total),
  );
  const items = base.items.map((item, i) => ({ ...item, line_total: item.line_total - parts[i] }));
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
      total_shipping: shipping,
      total_tax: 0,
      total_price: Math.max(0, totalItems - totalDiscount + totalFees) + shipping,
    },
  };
}

/**
 * Splits `amount` in proportion to `weights` (largest remainder, ties to the earlier one): the parts add up to
 * `amount` exactly, and none exceeds its weight while `amount` ≤ the weights' sum. All zeros when they sum to 0.
 */
export function shareOut(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const shares = weights.map((w) => (amount * w) / total);
  const floors = shares.map(Math.floor);
  let left = amount - floors.reduce((a, b) => a + b, 0);
  const byRemainder = shares.map((s, i) => ({ i, r: s - floors[i] })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return floors;
}

/** Rounds half away from zero to an integer (WooCommerce rounds money half-up). */
export function roundHalfUp(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

const ORDER: Record<ShopCoupon['discount_type'], number> = { fixed_product: 1, percent: 2, fixed_cart: 3 };
const NO_FACTS: LineFacts = { categoryIds: [], onSale: false };

/** What a coupon would take off each eligible line (before capping at what the line has left). */
function wantedDiscounts(
  coupon: ShopCoupon,
  lines: CouponLine[],
  eligible: number[],
  left: number[],
): number[] {
  if (coupon.discount_type === 'fixed_cart') {
    const room = eligible.map((i) => left[i]);
    const total = room.reduce((sum, r) => sum + r, 0);
    return shareOut(Math.min(coupon.amount, total), room);
  }
  const units = discountedUnits(coupon, lines, eligible);
  if (coupon.discount_type === 'fixed_product') return units.map((u) => u * coupon.amount);
  const bases = eligible.map((i, n) => lines[i].price * units[n]);
  const total = roundHalfUp((bases.reduce((sum, b) => sum + b, 0) * coupon.amount) / 100);
  return shareOut(total, bases);
}

/** How many items of each eligible line a coupon discounts: all, or `limit_usage_to_x_items` dearest first. */
function discountedUnits(coupon: ShopCoupon, lines: CouponLine[], eligible: number[]): number[] {
  const limit = coupon.limit_usage_to_x_items;
  if (limit === null) return eligible.map((i) => lines[i].quantity);
  const units = eligible.map(() => 0);
  const dearestFirst = eligible.map((i, n) => ({ i, n })).sort((a, b) => lines[b.i].price - lines[a.i].price);
  let remaining = limit;
  for (const { i, n } of dearestFirst) {
    units[n] = Math.min(lines[i].quantity, remaining);
    remaining -= units[n];
  }
  return units;
}
