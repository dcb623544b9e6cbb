import { createHash } from 'node:crypto';
import type { DbOrTrx } from '../../platform/db/database.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { RestError } from '../../platform/http/errors.js';
import {
  type KnownProductRows,
  loadPurchasables,
  type Purchasable,
  type PurchasableRef,
  purchasableKey,
  resolvePurchasableRef,
} from '../catalog/purchasables.js';
import { findCouponsByCodes } from '../coupons/coupons.repository.js';
import { formatCouponCode } from '../coupons/coupons.service.js';
import {
  type CartShipping,
  cartShipping,
  NO_SHIPPING,
  type PackageAddress,
} from '../shipping/cart-shipping.js';
import { shippingConfig } from '../shipping/shipping-config.js';
import type { CartTotalsHook, ShopCart, ShopCartFee, ShopCoupon } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import { type CartProblem, cartError, purchasableProblem } from './cart-errors.js';
import { applyCoupons, finishTotals, type PricedLine, type TotalsAdditions } from './cart-totals.js';
import type { CustomerAddresses } from '../tax/cart-taxes.js';
import { withCartTaxes } from '../tax/cart-tax-step.js';
import { readTaxOptions, type TaxOptions } from '../tax/tax-options.js';
import type { TaxableShippingLine } from '../tax/tax-step.js';
import { type CouponCart, cartCouponProblem, loadCouponCart, withSubcategories } from './coupon-rules.js';
import {
  type CartContents,
  findCartRow,
  insertCartRow,
  markMerged,
  type StoredCart,
  saveCart,
  saveSnapshot,
} from './cart.repository.js';

/** Whose cart a call is about: the session id, its user (if any) and the e-mail known for it. */
export interface CartSession {
  sessionId: string;
  userId: number | null;
  userEmail: string | null;
}

/** A computed cart plus what the Store API shows beside it. */
export interface ComputedCart {
  cart: ShopCart;
  /** Problems that block checkout (unavailable products, not enough stock, coupons no longer valid). */
  errors: CartProblem[];
  /** The product behind each line, by line key. */
  products: Map<string, Purchasable>;
  /** Discount type of each applied stored coupon, by code. */
  couponTypes: Map<string, ShopCoupon['discount_type']>;
  /** Why each stored coupon of the cart is not applied (also listed in `errors`), by code. */
  couponProblems: Map<string, string>;
  /** The shipping step: packages, rates, the chosen ones and what they charge (in `totals.total_shipping`). */
  shipping: CartShipping;
}

/** Store API cart rules: lines, quantities, coupons, the totals pipeline and guest-cart merging. */
export class CartService {
  constructor(private readonly ctx: ShopContext) {}

  /** The cart of a session as it is now (an unknown session is an empty cart). */
  async view(session: CartSession, db: DbOrTrx = this.ctx.db): Promise<ComputedCart> {
    const stored = await findCartRow(db, session.sessionId);
    if (stored?.mergedInto) throw mergedCartError();
    return this.compute(session, stored, db);
  }

  /**
   * Computes a cart: prices every line from the catalog, applies per eligible line the stored coupons that pass
   * every restriction (`coupon-rules.ts`, against `email` when given, else the cart's known e-mail; the others
   * are listed in `errors`), then runs `cart.calculate_totals` and spreads its virtual coupons.
   */
  async compute(
    session: CartSession,
    stored: StoredCart | null,
    db: DbOrTrx,
    options: {
      email?: string;
      known?: KnownProductRows;
      /** The customer's addresses for the tax location (else the shop's base address). */
      addresses?: CustomerAddresses;
      /** Shipping lines to tax with the items. */
      shipping?: TaxableShippingLine[];
      /** The tax options read before a transaction began (else read here). */
      taxOptions?: TaxOptions;
      /** Where the cart ships (else the address saved by `update-customer`, else the store's base). */
      destination?: PackageAddress | null;
    } = {},
  ): Promise<ComputedCart> {
    const contents = stored?.contents ?? { items: [], coupons: [] };
    const email = options.email ?? stored?.billingEmail ?? session.userEmail;
    const refs = contents.items.map((i) => ({ productId: i.product_id, variationId: i.variation_id }));
    const products = await loadPurchasables(db, refs, this.ctx.config.publicUrl, options.known);
    const errors: CartProblem[] = [];
    const lines: PricedLine[] = [];
    const byKey = new Map<string, Purchasable>();
    for (const item of contents.items) {
      const product = products.get(
        purchasableKey({ productId: item.product_id, variationId: item.variation_id }),
      )!;
      const problem = purchasableProblem(product, item.quantity);
      if (problem) errors.push(problem);
      if (product.problem === 'not_found') continue;
      byKey.set(item.key, product);
      lines.push({
        key: item.key,
        product_id: item.product_id,
        variation_id: item.variation_id,
        quantity: item.quantity,
        name: product.name,
        sku: product.sku,
        price: product.price,
      });
    }
    const couponProblems = new Map<string, string>();
    const coupons = await this.usableCoupons(contents.coupons, db, {
      lines,
      products: byKey,
      email,
      userId: session.userId,
      problems: couponProblems,
    });
    const priced = applyCoupons(lines, coupons.list, coupons.facts);
    for (const message of couponProblems.values())
      errors.push({ code: 'woocommerce_rest_cart_coupon_error', message });
    const base = {
      session_id: session.sessionId,
      user_id: session.userId,
      items: priced.discounted,
      coupons: priced.coupons.map((c) => ({ ...c, virtual: false })),
      billing_email: email,
      updated_at: stored?.updatedAt ?? toDbTime(this.ctx.clock.now()),
    };
    const shipping = await this.shippingStep(db, {
      contents,
      items: priced.discounted,
      products: byKey,
      coupons: coupons.list,
      totalItems: priced.totalItems,
      destination: options.destination,
    });
    const additions: TotalsAdditions = { fees: [], virtualCoupons: [] };
    const provisional = finishTotals({ base, totalItems: priced.totalItems, additions });
    await this.ctx.events.emit('cart.calculate_totals', totalsHook(provisional, additions), db);
    const untaxed = finishTotals({
      base,
      totalItems: priced.totalItems,
      additions,
      shipping: shipping.total,
    });
    return {
      cart: await withCartTaxes(this.ctx.options, db, {
        cart: untaxed,
        products: byKey,
        addresses: options.addresses ?? { shipping: contents.shipping_address },
        shipping: shipping.lines.map((line, i) => ({ key: String(i), total: line.total })),
        taxOptions: options.taxOptions,
      }),
      shipping,
      errors,
      products: byKey,
      couponTypes: new Map(coupons.list.map((c) => [c.code, c.discount_type])),
      couponProblems,
    };
  }

  /** Adds `quantity` of a product (or the variation its `variation` attributes pick); stock is checked. */
  addItem(
    session: CartSession,
    input: { id: number; quantity: number; variation: Array<{ attribute: string; value: string }> },
  ): Promise<ComputedCart> {
    let key = '';
    let quantity = 0;
    return this.mutate(
      session,
      async (contents, trx, _stored, known) => {
        const ref = await resolvePurchasableRef(trx, input.id, input.variation, known);
        if (!ref)
          throw cartError(
            'woocommerce_rest_cart_invalid_product',
            `This product cannot be added to the cart: no product has the ID ${input.id}.`,
          );
        key = lineKey(ref);
        const existing = contents.items.find((i) => i.key === key);
        quantity = (existing?.quantity ?? 0) + input.quantity;
        if (existing) existing.quantity = quantity;
        else
          contents.items.push({
            key,
            product_id: ref.productId,
            variation_id: ref.variationId ?? 0,
            quantity,
            variation: input.variation,
          });
      },
      // Checked on the freshly computed cart (its product lookup), so the line's product is read once.
      (computed) => {
        const product = computed.products.get(key);
        if (!product)
          throw cartError(
            'woocommerce_rest_cart_invalid_product',
            'This product cannot be added to the cart.',
          );
        if (product.type === 'variable' && input.variation.length === 0)
          throw cartError(
            'woocommerce_rest_missing_variation_data',
            `Missing variation data for the variable product "${product.name}".`,
          );
        const problem = purchasableProblem(product, quantity);
        if (problem) throw cartError(problem.code, problem.message);
      },
    );
  }

  /** Sets the quantity of a line; unknown key → 409 `woocommerce_rest_cart_invalid_key`. */
  updateItem(session: CartSession, input: { key: string; quantity: number }): Promise<ComputedCart> {
    return this.mutate(session, async (contents, trx) => {
      const item = requireItem(contents, input.key);
      const product = await this.purchasable(trx, {
        productId: item.product_id,
        variationId: item.variation_id,
      });
      const problem = purchasableProblem(product, input.quantity);
      if (problem) throw cartError(problem.code, problem.message);
      item.quantity = input.quantity;
    });
  }

  /** Removes a line; unknown key → 409 `woocommerce_rest_cart_invalid_key`. */
  removeItem(session: CartSession, key: string): Promise<ComputedCart> {
    return this.mutate(session, async (contents) => {
      requireItem(contents, key);
      contents.items = contents.items.filter((i) => i.key !== key);
    });
  }

  /**
   * Applies a coupon: it must exist and not be applied yet, individual use is respected, and every restriction
   * is checked on the cart it would join (`cartCouponProblem`); a refusal leaves the cart as it was.
   */
  applyCoupon(session: CartSession, rawCode: string): Promise<ComputedCart> {
    const code = formatCouponCode(rawCode);
    return this.mutate(
      session,
      async (contents, trx) => {
        if (contents.coupons.includes(code))
          throw cartError(
            'woocommerce_rest_cart_coupon_error',
            `Coupon code "${code}" has already been applied.`,
          );
        const all = await findCouponsByCodes(trx, [code, ...contents.coupons]);
        const coupon = all.find((c) => c.code === code);
        if (!coupon)
          throw cartError('woocommerce_rest_cart_coupon_error', `Coupon "${code}" does not exist!`);
        const exclusive = all.find((c) => c.code !== code && c.individual_use);
        if (exclusive)
          throw cartError(
            'woocommerce_rest_cart_coupon_error',
            `Sorry, coupon "${exclusive.code}" has already been applied and cannot be used in conjunction with other coupons.`,
          );
        contents.coupons = coupon.individual_use ? [code] : [...contents.coupons, code];
      },
      (computed) => {
        const problem = computed.couponProblems.get(code);
        if (problem) throw cartError('woocommerce_rest_cart_coupon_error', problem);
      },
    );
  }

  /** Removes an applied coupon; not applied → 409 `woocommerce_rest_cart_coupon_invalid_code`. */
  removeCoupon(session: CartSession, rawCode: string): Promise<ComputedCart> {
    return this.mutate(session, async (contents) => {
      const code = formatCouponCode(rawCode);
      if (!contents.coupons.includes(code))
        throw new RestError(
          'woocommerce_rest_cart_coupon_invalid_code',
          'Coupon cannot be removed because it is not already applied to the cart.',
          409,
        );
      contents.coupons = contents.coupons.filter((c) => c !== code);
    });
  }

  /**
   * Replaces the lines of a cart (lines that cannot be bought are left out) and applies `couponCode` when it is
   * valid for this cart; used by cart restore links.
   */
  replaceItems(
    session: CartSession,
    input: {
      items: Array<PurchasableRef & { quantity: number }>;
      couponCode?: string;
      billingEmail?: string;
    },
  ): Promise<ComputedCart> {
    return this.mutate(session, async (contents, trx, stored) => {
      if (input.billingEmail) stored.billingEmail = input.billingEmail;
      const products = await loadPurchasables(trx, input.items, this.ctx.config.publicUrl);
      contents.items = [];
      for (const item of input.items) {
        const product = products.get(purchasableKey(item))!;
        if (item.quantity < 1 || purchasableProblem(product, item.quantity)) continue;
        const key = lineKey(product);
        const existing = contents.items.find((i) => i.key === key);
        if (existing) existing.quantity += item.quantity;
        else
          contents.items.push({
            key,
            product_id: product.productId,
            variation_id: product.variationId,
            quantity: item.quantity,
            variation: product.variation,
          });
      }
      if (!input.couponCode) return;
      const code = formatCouponCode(input.couponCode);
      const [coupon] = await findCouponsByCodes(trx, [code]);
      if (!coupon || contents.coupons.includes(code)) return;
      const coupons = coupon.individual_use ? [code] : [...contents.coupons, code];
      // Applied only when this cart meets every restriction of the coupon.
      const trial = await this.compute(session, { ...stored, contents: { ...contents, coupons } }, trx);
      if (!trial.couponProblems.has(code)) contents.coupons = coupons;
    });
  }

  /** Recomputes a stored cart and keeps the result as its snapshot. */
  async recalculate(session: CartSession): Promise<ShopCart> {
    const stored = await findCartRow(this.ctx.db, session.sessionId);
    const computed = await this.compute(session, stored?.mergedInto ? null : stored, this.ctx.db);
    if (stored && !stored.mergedInto) await saveSnapshot(this.ctx.db, session.sessionId, computed.cart);
    return computed.cart;
  }

  /**
   * Moves a guest cart into a user's cart (same line → quantities added, coupons joined) and marks the guest
   * session merged, so its Cart-Token is refused from then on. Returns the user's cart, or null if nothing moved.
   */
  async mergeGuestCart(guestSessionId: string, user: CartSession): Promise<ShopCart | null> {
    const taxOptions = await this.taxOptions();
    return this.ctx.db.transaction().execute(async (trx) => {
      const lock = { lock: true };
      const guest = await findCartRow(trx, guestSessionId, lock);
      if (!guest || guest.mergedInto || guest.userId !== null) return null;
      if (guest.contents.items.length === 0 && guest.contents.coupons.length === 0) return null;
      const now = toDbTime(this.ctx.clock.now());
      const own =
        (await findCartRow(trx, user.sessionId, lock)) ??
        (await insertCartRow(trx, { sessionId: user.sessionId, userId: user.userId, now })) ??
        (await findCartRow(trx, user.sessionId, lock))!;
      const contents: CartContents = structuredClone(own.contents);
      for (const item of guest.contents.items) {
        const existing = contents.items.find((i) => i.key === item.key);
        if (existing) existing.quantity += item.quantity;
        else contents.items.push(item);
      }
      for (const code of guest.contents.coupons)
        if (!contents.coupons.includes(code)) contents.coupons.push(code);
      const computed = await this.compute(user, { ...own, contents, updatedAt: now }, trx, { taxOptions });
      await saveCart(trx, { sessionId: user.sessionId, contents, cart: computed.cart, now });
      await markMerged(trx, guestSessionId, user.sessionId, now);
      await this.ctx.events.emit('cart.updated', { cart: computed.cart }, trx);
      return computed.cart;
    });
  }

  /**
   * Runs one change of a cart in a transaction holding its row: load (creating the row on first use), change,
   * recompute (product rows the change read, put in `known`, are not read again), store, emit `cart.updated`.
   * A throw leaves the cart as it was.
   */
  private async mutate(
    session: CartSession,
    change: (
      contents: CartContents,
      trx: DbOrTrx,
      stored: StoredCart,
      known: KnownProductRows,
    ) => Promise<void>,
    check?: (computed: ComputedCart) => void,
  ): Promise<ComputedCart> {
    const taxOptions = await this.taxOptions();
    return this.ctx.db.transaction().execute(async (trx) => {
      const now = toDbTime(this.ctx.clock.now());
      const lock = { lock: true };
      const row = { sessionId: session.sessionId, userId: session.userId, now };
      const stored =
        (await findCartRow(trx, session.sessionId, lock)) ??
        (await insertCartRow(trx, row)) ??
        (await findCartRow(trx, session.sessionId, lock))!;
      if (stored.mergedInto) throw mergedCartError();
      const contents = structuredClone(stored.contents);
      // The change may also set the cart's billing e-mail on this working copy.
      const working: StoredCart = { ...stored, contents };
      const known: KnownProductRows = new Map();
      await change(contents, trx, working, known);
      const computed = await this.compute(session, { ...working, updatedAt: now }, trx, {
        known,
        taxOptions,
      });
      check?.(computed);
      const billingEmail = working.billingEmail !== stored.billingEmail ? working.billingEmail : undefined;
      await saveCart(trx, { sessionId: session.sessionId, contents, billingEmail, cart: computed.cart, now });
      await this.ctx.events.emit('cart.updated', { cart: computed.cart }, trx);
      return computed;
    });
  }

  /**
   * Sets where the cart goes (`cart/update-customer`): the shipping address, else the billing one (Store API field
   * names; only the fields shipping reads are kept). Rates are then recomputed for it.
   */
  updateCustomer(
    session: CartSession,
    input: { billing?: Record<string, string>; shipping?: Record<string, string> },
  ): Promise<ComputedCart> {
    return this.mutate(session, async (contents) => {
      const given = input.shipping?.country ? input.shipping : input.billing;
      if (!given) return;
      contents.shipping_address = Object.fromEntries(
        ADDRESS_FIELDS.map((f) => [f, (given[f] ?? '').trim().slice(0, 200)]),
      );
      if (contents.shipping_address.country)
        contents.shipping_address.country = contents.shipping_address.country.toUpperCase();
    });
  }

  /**
   * Chooses a package's rate (`cart/select-shipping-rate`); a rate the package does not offer is refused with 400
   * `woocommerce_rest_cart_invalid_shipping_rate` (the Store API's code) and the cart stays as it was.
   */
  selectShippingRate(
    session: CartSession,
    input: { packageId: number; rateId: string },
  ): Promise<ComputedCart> {
    return this.mutate(
      session,
      async (contents) => {
        const chosen = [...(contents.chosen_shipping ?? [])];
        chosen[input.packageId] = input.rateId;
        contents.chosen_shipping = chosen.map((c) => c ?? '');
      },
      (computed) => {
        const pack = computed.shipping.packages.find((p) => p.package_id === input.packageId);
        if (!pack?.rates.some((r) => r.rate_id === input.rateId))
          throw new RestError(
            'woocommerce_rest_cart_invalid_shipping_rate',
            `The shipping rate "${input.rateId}" is not offered for package ${input.packageId}.`,
            400,
          );
      },
    );
  }

  /** The shipping step of `compute`: nothing to do (no query) while no zone has an enabled method. */
  private async shippingStep(
    db: DbOrTrx,
    input: {
      contents: CartContents;
      items: ShopCart['items'];
      products: Map<string, Purchasable>;
      coupons: ShopCoupon[];
      totalItems: number;
      destination?: PackageAddress | null;
    },
  ): Promise<CartShipping> {
    const config = await shippingConfig(db, this.ctx.caches);
    if (!config.active) return NO_SHIPPING;
    const saved = input.contents.shipping_address;
    const destination = input.destination ?? (saved?.country ? (saved as unknown as PackageAddress) : null);
    return cartShipping({
      config,
      lines: input.items.map((item) => {
        const product = input.products.get(item.key);
        return {
          key: item.key,
          name: item.name,
          quantity: item.quantity,
          lineTotal: item.line_total,
          virtual: product?.virtual ?? false,
          shippingClass: product?.shippingClass ?? '',
        };
      }),
      destination,
      fallback: config.base,
      chosen: input.contents.chosen_shipping ?? [],
      itemsSubtotal: input.totalItems,
      discount: input.totalItems - input.items.reduce((sum, item) => sum + item.line_total, 0),
      freeShippingCoupon: input.coupons.some((c) => c.free_shipping === true),
      minorUnit: this.ctx.shop.currency.minorUnit,
    });
  }

  /** The tax options, read (from the options cache) before a transaction begins so it sends no more statements. */
  taxOptions(): Promise<TaxOptions> {
    return readTaxOptions(this.ctx.options);
  }

  private async purchasable(db: DbOrTrx, ref: PurchasableRef): Promise<Purchasable> {
    return (await loadPurchasables(db, [ref], this.ctx.config.publicUrl)).get(purchasableKey(ref))!;
  }

  /** The cart's stored coupons that pass every check (category lists widened), and the lines' coupon facts. */
  private async usableCoupons(
    codes: string[],
    db: DbOrTrx,
    input: Pick<CouponCart, 'email' | 'userId'> & {
      lines: PricedLine[];
      products: Map<string, Purchasable>;
      problems: Map<string, string>;
    },
  ): Promise<{ list: ShopCoupon[]; facts: CouponCart['facts'] }> {
    if (codes.length === 0) return { list: [], facts: new Map() };
    const found = await withSubcategories(db, await findCouponsByCodes(db, codes));
    const cart = await loadCouponCart(db, {
      lines: input.lines,
      products: input.products,
      now: this.ctx.clock.now(),
      email: input.email,
      userId: input.userId,
      currency: this.ctx.shop.currency,
    });
    const list: ShopCoupon[] = [];
    for (const code of codes) {
      const coupon = found.find((c) => c.code === code);
      const problem = coupon ? await cartCouponProblem(db, coupon, cart) : `Coupon "${code}" does not exist!`;
      if (problem) input.problems.set(code, problem);
      else if (coupon) list.push(coupon);
    }
    return { list, facts: cart.facts };
  }
}

/** The address fields a cart keeps for shipping. */
const ADDRESS_FIELDS = ['address_1', 'city', 'state', 'postcode', 'country'] as const;

/** 401 for a Cart-Token whose guest cart was merged into a customer's cart at login. */
export function mergedCartError(): RestError {
  return new RestError(
    'woocommerce_rest_cart_token_invalid',
    'This Cart-Token is stale: its cart was merged into a customer account at login. Log in, or drop the Cart-Token header to start a new cart.',
    401,
  );
}

/** A line's key: 32 hex characters derived from what it is (the same product or variation shares a line). */
function lineKey(ref: PurchasableRef): string {
  return createHash('md5')
    .update(`${ref.productId}|${ref.variationId ?? 0}`)
    .digest('hex');
}

function requireItem(contents: CartContents, key: string) {
  const item = contents.items.find((i) => i.key === key);
  if (!item) throw new RestError('woocommerce_rest_cart_invalid_key', 'Cart item does not exist.', 409);
  return item;
}

function totalsHook(cart: ShopCart, additions: TotalsAdditions): CartTotalsHook {
  return {
    cart,
    subtotalAfterCoupons: cart.totals.total_price,
    addFee(fee: ShopCartFee) {
      if (!Number.isInteger(fee.amount))
        throw new Error(`Fee "${fee.key}" must be an integer amount of minor units.`);
      additions.fees = [...additions.fees.filter((f) => f.key !== fee.key), { ...fee }];
    },
    addVirtualCoupon(coupon) {
      if (!Number.isInteger(coupon.amount) || coupon.amount < 0)
        throw new Error(`Virtual coupon "${coupon.code}" must discount a non-negative integer amount.`);
      const code = formatCouponCode(coupon.code);
      additions.virtualCoupons = [
        ...additions.virtualCoupons.filter((c) => c.code !== code),
        { code, amount: coupon.amount },
      ];
    },
  };
}
