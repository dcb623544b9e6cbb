import type { DbOrTrx } from '../../platform/db/database.js';
import { formatMoney } from '../catalog/money.js';
import type { Purchasable } from '../catalog/purchasables.js';
import { categoryParents, expandWithin, findProductCategoryLinks } from '../catalog/products.repository.js';
import { countCouponUsesBy } from '../coupons/coupons.repository.js';
import { couponProblem } from '../coupons/coupons.service.js';
import type { ShopApi, ShopCoupon } from '../shop-api.js';
import { type CouponLine, couponAppliesToLine, type LineFacts } from './cart-totals.js';

/** A cart as its coupons' checks see it. */
export interface CouponCart {
  lines: Array<CouponLine & { name: string }>;
  /** Sale state and direct categories of each line's product, by line key. */
  facts: Map<string, LineFacts>;
  /** Names of the lines' categories, by id (for messages). */
  categoryNames: Map<number, string>;
  now: Date;
  email: string | null;
  userId: number | null;
  currency: ShopApi['currency'];
}

/** Sale state and categories of each line's product (a variation: its parent's categories), by line key. */
export async function loadCouponCart(
  db: DbOrTrx,
  input: Omit<CouponCart, 'facts' | 'categoryNames'> & { products: Map<string, Purchasable> },
): Promise<CouponCart> {
  const { products, ...rest } = input;
  const links = await findProductCategoryLinks(
    db,
    [...products.values()].map((p) => p.productId),
  );
  const facts = new Map<string, LineFacts>();
  const categoryNames = new Map<number, string>();
  for (const [key, product] of products) {
    const categories = links.get(product.productId) ?? [];
    for (const c of categories) categoryNames.set(c.id, c.name);
    facts.set(key, { categoryIds: categories.map((c) => c.id), onSale: product.onSale });
  }
  return { ...rest, facts, categoryNames };
}

/**
 * The coupons as the cart applies them: category lists widened to their subcategories (a coupon for
 * "Clothing" covers "Clothing › Shirts", as in WooCommerce). One read of the category tree, only when needed.
 */
export async function withSubcategories(db: DbOrTrx, coupons: ShopCoupon[]): Promise<ShopCoupon[]> {
  const needed = coupons.some((c) => c.product_categories.length + c.excluded_product_categories.length > 0);
  if (!needed) return coupons;
  const tree = await categoryParents(db);
  return coupons.map((c) => ({
    ...c,
    product_categories: expandWithin(tree, c.product_categories),
    excluded_product_categories: expandWithin(tree, c.excluded_product_categories),
  }));
}

/**
 * Why a coupon (its category lists widened) cannot be used on this cart, in WooCommerce's words, or null:
 * expiry, usage limit, e-mail restriction, usage limit per customer (by user id and e-mail), minimum and
 * maximum spend, then the product rules — a fixed_cart coupon needs a line it covers and refuses a cart
 * holding sale items (`exclude_sale_items`) or excluded products or categories; percent and fixed_product
 * coupons need one line they may discount.
 */
export async function cartCouponProblem(
  db: DbOrTrx,
  coupon: ShopCoupon,
  cart: CouponCart,
): Promise<string | null> {
  const basic = couponProblem(coupon, { now: cart.now, email: cart.email });
  if (basic) return basic;
  if (coupon.usage_limit_per_user !== null) {
    const identities = [cart.userId ? String(cart.userId) : null, cart.email?.trim().toLowerCase() ?? null];
    const used = await countCouponUsesBy(
      db,
      coupon.id,
      identities.filter((v): v is string => Boolean(v)),
    );
    if (used >= coupon.usage_limit_per_user) return 'Coupon usage limit has been reached.';
  }
  const subtotal = cart.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const price = (minor: number) => `${cart.currency.symbol}${formatMoney(minor, cart.currency.minorUnit)}`;
  if (coupon.minimum_amount > 0 && subtotal < coupon.minimum_amount)
    return `The minimum spend for this coupon is ${price(coupon.minimum_amount)}.`;
  if (coupon.maximum_amount > 0 && subtotal > coupon.maximum_amount)
    return `The maximum spend for this coupon is ${price(coupon.maximum_amount)}.`;
  return productProblem(coupon, cart);
}

const NOT_APPLICABLE = 'Sorry, this coupon is not applicable to selected products.';

function productProblem(coupon: ShopCoupon, cart: CouponCart): string | null {
  const factsOf = (key: string) => cart.facts.get(key) ?? { categoryIds: [], onSale: false };
  const restricted = coupon.product_ids.length > 0 || coupon.product_categories.length > 0;
  if (coupon.discount_type !== 'fixed_cart') {
    if (!restricted && cart.lines.length === 0) return null;
    return cart.lines.some((l) => couponAppliesToLine(coupon, l, factsOf(l.key))) ? null : NOT_APPLICABLE;
  }
  const covered = (l: CouponLine) =>
    couponAppliesToLine(
      { ...coupon, excluded_product_ids: [], excluded_product_categories: [], exclude_sale_items: false },
      l,
      factsOf(l.key),
    );
  if (restricted && !cart.lines.some(covered)) return NOT_APPLICABLE;
  if (coupon.exclude_sale_items && cart.lines.some((l) => factsOf(l.key).onSale))
    return 'Sorry, this coupon is not valid for sale items.';
  const excludedProducts = cart.lines.filter((l) =>
    [l.product_id, l.variation_id].some((id) => id > 0 && coupon.excluded_product_ids.includes(id)),
  );
  if (excludedProducts.length > 0)
    return `Sorry, this coupon is not applicable to the products: ${names(excludedProducts.map((l) => l.name))}.`;
  const excludedCategories = cart.lines.flatMap((l) =>
    factsOf(l.key).categoryIds.filter((id) => coupon.excluded_product_categories.includes(id)),
  );
  if (excludedCategories.length > 0)
    return `Sorry, this coupon is not applicable to the categories: ${names(excludedCategories.map((id) => cart.categoryNames.get(id) ?? `#${id}`))}.`;
  return null;
}

function names(list: string[]): string {
  return [...new Set(list)].join(', ');
}
