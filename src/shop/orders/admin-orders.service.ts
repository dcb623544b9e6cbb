import { invalid, RestError } from '../../platform/http/errors.js';
import { loadPurchasables, purchasableKey } from '../catalog/purchasables.js';
import { applyCoupons, spreadDiscount } from '../cart/cart-totals.js';
import { findCouponsByCodes } from '../coupons/coupons.repository.js';
import { couponProblem, formatCouponCode } from '../coupons/coupons.service.js';
import { parseMoney } from '../catalog/money.js';
import type { OrderStatus } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import { BILLING_FIELDS, type BillingAddress, loadOrder, type OrderRecord } from './order-records.js';
import type { OrdersService } from './orders.service.js';

/** An order created by a shop manager through `POST /wc/v3/orders`. */
export interface AdminOrderInput {
  status?: OrderStatus;
  setPaid?: boolean;
  customerId?: number;
  customerNote?: string;
  billing?: Partial<BillingAddress>;
  paymentMethod?: string;
  lineItems: Array<{ product_id: number; variation_id?: number; quantity: number }>;
  feeLines?: Array<{ name: string; total: string }>;
  couponLines?: Array<{ code: string }>;
  meta?: Array<{ key: string; value: unknown }>;
}

/**
 * Creates an order priced from the catalog (coupons applied as in a cart, fees as given), stored `pending`
 * and then moved to the asked status (`set_paid` → processing), all in one transaction.
 */
export function createAdminOrder(
  ctx: ShopContext,
  orders: OrdersService,
  input: AdminOrderInput,
): Promise<OrderRecord> {
  return ctx.db.transaction().execute(async (trx) => {
    const billing = completeBilling(input.billing ?? {});
    const refs = input.lineItems.map((l) => ({ productId: l.product_id, variationId: l.variation_id ?? 0 }));
    const products = await loadPurchasables(trx, refs, ctx.config.publicUrl);
    const lines = input.lineItems.map((line, index) => {
      const product = products.get(purchasableKey(refs[index]!))!;
      if (product.problem === 'not_found')
        throw new RestError(
          'woocommerce_rest_invalid_product_id',
          `Invalid product ID ${line.product_id}.`,
          400,
        );
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
        quantity: line.quantity,
        name: product.name,
        sku: product.sku,
        price: product.price,
      };
    });
    const codes = (input.couponLines ?? []).map((c) => formatCouponCode(c.code));
    const coupons = await findCouponsByCodes(trx, codes);
    for (const code of codes) {
      const coupon = coupons.find((c) => c.code === code);
      const problem = coupon
        ? couponProblem(coupon, { now: ctx.clock.now(), email: billing.email || null })
        : `Coupon "${code}" does not exist!`;
      if (problem) throw new RestError('woocommerce_rest_invalid_coupon', problem, 400);
    }
    const priced = applyCoupons(lines, coupons);
    const discount = priced.coupons.reduce((sum, c) => sum + c.discount, 0);
    const items = spreadDiscount(priced.items, discount);
    const fees = (input.feeLines ?? []).map((fee) => ({
      name: fee.name,
      total: parseSigned(fee.total, ctx),
    }));
    const feeTotal = fees.reduce((sum, f) => sum + f.total, 0);
    const created = await orders.insertPending(
      trx,
      {
        customerId: input.customerId ?? 0,
        billing,
        paymentMethod: input.paymentMethod ?? '',
        customerNote: input.customerNote ?? '',
        lines: items.map((i) => ({
          product_id: i.product_id,
          variation_id: i.variation_id,
          name: i.name,
          sku: i.sku,
          quantity: i.quantity,
          price: i.price,
          subtotal: i.line_subtotal,
          total: i.line_total,
        })),
        feeLines: fees,
        couponLines: priced.coupons.map((c) => ({ ...c, virtual: false })),
        itemsSubtotal: priced.totalItems,
        discountTotal: discount,
        feeTotal,
        total: Math.max(0, priced.totalItems - discount + feeTotal),
        cartSessionId: null,
      },
      Object.fromEntries((input.meta ?? []).map((m) => [m.key, m.value])),
    );
    const target = input.status ?? (input.setPaid ? 'processing' : 'pending');
    if (target !== 'pending') await orders.transition(trx, created.id, target);
    return (await loadOrder(trx, created.id))!;
  });
}

/** A billing address with every WooCommerce field present (empty when not given). */
export function completeBilling(given: Partial<BillingAddress>): BillingAddress {
  return Object.fromEntries(BILLING_FIELDS.map((f) => [f, (given[f] ?? '').trim()])) as BillingAddress;
}

function parseSigned(value: string, ctx: ShopContext): number {
  const text = value.trim();
  const negative = text.startsWith('-');
  const minor = parseMoney(negative ? text.slice(1) : text, ctx.shop.currency.minorUnit);
  if (minor === null)
    throw invalid('fee_lines', 'numeric', `The fee total "${value}" is not a decimal amount.`);
  return negative ? -minor : minor;
}
