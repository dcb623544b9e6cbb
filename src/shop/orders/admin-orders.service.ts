import { invalid, RestError } from '../../platform/http/errors.js';
import { loadPurchasables, purchasableKey } from '../catalog/purchasables.js';
import { applyCoupons } from '../cart/cart-totals.js';
import { findCouponsByCodes } from '../coupons/coupons.repository.js';
import { formatCouponCode } from '../coupons/coupons.service.js';
import { cartCouponProblem, loadCouponCart, withSubcategories } from '../cart/coupon-rules.js';
import { parseMoney } from '../catalog/money.js';
import type { OrderStatus } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import { BILLING_FIELDS, type BillingAddress, type ShippingAddress } from './address-fields.js';
import { completeShipping, loadOrder, type OrderRecord } from './order-records.js';
import { AWAITING_PAYMENT } from './order-status.js';
import { type OrdersService, orderLinesOf } from './orders.service.js';
import { normaliseAddress } from '../addresses/address-validation.js';

/** A line of `POST /wc/v3/orders`: `quantity` defaults to 1; amounts are decimals (strings or numbers). */
export interface AdminLineInput {
  product_id: number;
  variation_id?: number;
  quantity?: number;
  /** The line's name (default: the product's). */
  name?: string;
  /** The line's amount before coupons (default: the catalog price × quantity). */
  subtotal?: string | number;
  /** Taken as the amount when `subtotal` is absent. */
  total?: string | number;
  /** Unit price, used only for a product that no longer exists (the catalog prices the others). */
  price?: string | number;
}

/** An order created by a shop manager through `POST /wc/v3/orders`. */
export interface AdminOrderInput {
  /** null or absent: `pending`. Any status may be asked (a shop manager is not held to checkout's transitions). */
  status?: OrderStatus | null;
  setPaid?: boolean;
  customerId?: number;
  customerNote?: string;
  billing?: Partial<BillingAddress>;
  shipping?: Partial<ShippingAddress>;
  paymentMethod?: string;
  paymentMethodTitle?: string;
  transactionId?: string;
  lineItems: AdminLineInput[];
  feeLines?: Array<{ name: string; total: string }>;
  couponLines?: Array<{ code: string }>;
  /** Shipping charged as given (WooCommerce's `shipping_lines`: `total` a decimal, default 0). */
  shippingLines?: Array<{
    method_id: string;
    method_title?: string;
    instance_id?: string | number;
    total?: string | number;
  }>;
  meta?: Array<{ key: string; value: unknown }>;
}

/**
 * Creates an order priced from the catalog (coupons applied as in a cart, fees as given), stored `pending`
 * and then moved to the asked status, all in one transaction. `set_paid` stamps `date_paid` and moves an order
 * awaiting payment to `processing` (WooCommerce's `payment_complete`). A line whose product no longer exists is
 * kept with the name and amount given, as WooCommerce keeps it.
 */
export function createAdminOrder(
  ctx: ShopContext,
  orders: OrdersService,
  input: AdminOrderInput,
): Promise<OrderRecord> {
  return ctx.db.transaction().execute(async (trx) => {
    const billing = completeBilling(normaliseAddress(input.billing ?? {}));
    const refs = input.lineItems.map((l) => ({ productId: l.product_id, variationId: l.variation_id ?? 0 }));
    const products = await loadPurchasables(trx, refs, ctx.config.publicUrl);
    const lines = input.lineItems.map((line, index) => {
      const product = products.get(purchasableKey(refs[index]!))!;
      const quantity = line.quantity ?? 1;
      const given = lineAmount(line, ctx);
      if (product.problem === 'not_found') {
        const unit = line.price === undefined ? null : toMinor(line.price, 'line_items.price', ctx);
        const amount = given ?? (unit ?? 0) * quantity;
        return {
          key: String(index),
          product_id: line.product_id,
          variation_id: line.variation_id ?? 0,
          quantity,
          name: line.name?.trim() || `Product #${line.product_id}`,
          sku: '',
          price: unit ?? Math.round(amount / quantity),
          amount,
        };
      }
      if (product.type === 'variable')
        throw new RestError(
          'woocommerce_rest_invalid_product_id',
          `Product ${line.product_id} is variable: give the variation_id to order.`,
          400,
        );
      return {
        key: String(index),
        product_id: product.productId,
        variation_id: product.variationId,
        quantity,
        name: line.name?.trim() || product.name,
        sku: product.sku,
        price: given === null ? product.price : Math.round(given / quantity),
        amount: given ?? product.price * quantity,
      };
    });
    // Coupons work on line amounts: a line whose amount is not price × quantity goes in as one unit of its
    // amount, so a given subtotal holds.
    const couponLines = lines.map(({ amount, ...line }) =>
      amount === line.price * line.quantity ? line : { ...line, quantity: 1, price: amount },
    );
    const codes = (input.couponLines ?? []).map((c) => formatCouponCode(c.code));
    const coupons = await withSubcategories(trx, await findCouponsByCodes(trx, codes));
    const couponCart = await loadCouponCart(trx, {
      lines: couponLines,
      products: new Map(
        lines.flatMap((line, i) => {
          const product = products.get(purchasableKey(refs[i]!))!;
          return product.problem === 'not_found' ? [] : [[line.key, product] as const];
        }),
      ),
      now: ctx.clock.now(),
      email: billing.email || null,
      userId: input.customerId || null,
      currency: ctx.shop.currency,
    });
    for (const code of codes) {
      const coupon = coupons.find((c) => c.code === code);
      const problem = coupon
        ? await cartCouponProblem(trx, coupon, couponCart)
        : `Coupon "${code}" does not exist!`;
      if (problem) throw new RestError('woocommerce_rest_invalid_coupon', problem, 400);
    }
    const priced = applyCoupons(couponLines, coupons, couponCart.facts);
    const discount = priced.coupons.reduce((sum, c) => sum + c.discount, 0);
    const items = priced.discounted.map((item, i) => ({
      ...item,
      quantity: lines[i]!.quantity,
      price: lines[i]!.price,
    }));
    const fees = (input.feeLines ?? []).map((fee) => ({
      name: fee.name,
      total: parseSigned(fee.total, ctx),
    }));
    const feeTotal = fees.reduce((sum, f) => sum + f.total, 0);
    const shippingLines = (input.shippingLines ?? []).map((line) => ({
      method_id: line.method_id.trim(),
      method_title: line.method_title?.trim() || line.method_id.trim(),
      instance_id: Number(line.instance_id ?? 0) || 0,
      total: line.total === undefined ? 0 : toMinor(line.total, 'shipping_lines.total', ctx),
    }));
    const shippingTotal = shippingLines.reduce((sum, line) => sum + line.total, 0);
    const created = await orders.insertPending(
      trx,
      {
        customerId: input.customerId ?? 0,
        billing,
        shipping: completeShipping(normaliseAddress(input.shipping ?? {})),
        paymentMethod: input.paymentMethod ?? '',
        paymentMethodTitle: input.paymentMethodTitle,
        transactionId: input.transactionId,
        customerNote: input.customerNote ?? '',
        lines: orderLinesOf(items),
        feeLines: fees,
        shippingLines,
        couponLines: priced.coupons.map((c) => ({ ...c, virtual: false })),
        itemsSubtotal: priced.totalItems,
        discountTotal: discount,
        feeTotal,
        total: Math.max(0, priced.totalItems - discount + feeTotal) + shippingTotal,
        cartSessionId: null,
      },
      Object.fromEntries((input.meta ?? []).map((m) => [m.key, m.value])),
    );
    const asked = input.status ?? 'pending';
    const target = input.setPaid && AWAITING_PAYMENT.has(asked) ? 'processing' : asked;
    if (target !== 'pending') await orders.transition(trx, created.id, target, { anyStatus: true });
    if (input.setPaid) await orders.markPaid(trx, created.id);
    return (await loadOrder(trx, created.id))!;
  });
}

/** A billing address with every WooCommerce field present (empty when not given). */
export function completeBilling(given: Partial<BillingAddress>): BillingAddress {
  return Object.fromEntries(BILLING_FIELDS.map((f) => [f, (given[f] ?? '').trim()])) as BillingAddress;
}

// A line's given amount before coupons (`subtotal`, else `total`), or null to price it from the catalog.
function lineAmount(line: AdminLineInput, ctx: ShopContext): number | null {
  if (line.subtotal !== undefined) return toMinor(line.subtotal, 'line_items.subtotal', ctx);
  if (line.total !== undefined) return toMinor(line.total, 'line_items.total', ctx);
  return null;
}

function toMinor(value: string | number, field: string, ctx: ShopContext): number {
  const minor = parseMoney(String(value).trim(), ctx.shop.currency.minorUnit);
  if (minor === null) throw invalid(field, 'numeric', `${field} must be a non-negative decimal amount.`);
  return minor;
}

function parseSigned(value: string, ctx: ShopContext): number {
  const text = value.trim();
  const negative = text.startsWith('-');
  const minor = parseMoney(negative ? text.slice(1) : text, ctx.shop.currency.minorUnit);
  if (minor === null)
    throw invalid('fee_lines', 'numeric', `The fee total "${value}" is not a decimal amount.`);
  return negative ? -minor : minor;
}
