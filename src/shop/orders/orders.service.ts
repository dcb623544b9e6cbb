import { randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../platform/db/database.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { ConflictError, NotFoundError, RestError } from '../../platform/http/errors.js';
import { restoreStock, recordSales, sellLines } from '../catalog/purchasables.js';
import { findCouponsByCodes, recordCouponUses, releaseCouponUsage } from '../coupons/coupons.repository.js';
import { couponView } from '../coupons/coupon-view.js';
import type { OrderStatus } from '../shop-api.js';
import type { ShopContext } from '../shop-part.js';
import type { BillingAddress, ShippingAddress } from './address-fields.js';
import {
  completeShipping,
  loadOrder,
  loadOrders,
  type OrderRecord,
  type OrderShippingLine,
  orderRecordFrom,
} from './order-records.js';
import { orderSearchTerms } from './order-search-terms.js';
import type { OrderTaxData } from '../tax/order-taxes.js';
import {
  AWAITING_PAYMENT,
  canTransition,
  nextStatuses,
  PAID,
  paymentMethodTitle,
  STOCK_HOLDING,
} from './order-status.js';
import {
  deleteOrderMeta,
  deleteOrderRow,
  findOrderMeta,
  findOrderRow,
  insertOrder,
  type OrderFilter,
  type OrderRow,
  orderIdsAfter,
  replaceOrderSearchTerms,
  searchOrderIds,
  updateOrderRow,
  updateOrderRowReturning,
  upsertOrderMeta,
} from './orders.repository.js';
import { normaliseAddress } from '../addresses/address-validation.js';

/** A new order's content (money in minor units); it is stored as `pending`. */
export interface NewOrder {
  customerId: number;
  billing: BillingAddress;
  /** Empty when not given (the Store API checkout keeps none). */
  shipping?: ShippingAddress;
  paymentMethod: string;
  /** The gateway's title (default: the shop's name for the method id). */
  paymentMethodTitle?: string;
  transactionId?: string;
  customerNote: string;
  lines: Array<{
    product_id: number;
    variation_id: number;
    name: string;
    sku: string;
    quantity: number;
    price: number;
    subtotal: number;
    total: number;
  }>;
  feeLines: Array<{ name: string; total: number }>;
  /** The chosen shipping rates (none when nothing is shipped); `total` includes their sum. */
  shippingLines?: OrderShippingLine[];
  couponLines: Array<{ code: string; discount: number; virtual: boolean }>;
  itemsSubtotal: number;
  discountTotal: number;
  feeTotal: number;
  total: number;
  cartSessionId: string | null;
  /** The order's taxes (checkout of a taxed cart). */
  taxData?: OrderTaxData | null;
}

/** A new order's lines from priced cart lines (money in minor units): the cart's fields under the order's names. */
export function orderLinesOf(
  items: ReadonlyArray<
    Omit<NewOrder['lines'][number], 'subtotal' | 'total'> & { line_subtotal: number; line_total: number }
  >,
): NewOrder['lines'] {
  return items.map((i) => ({
    product_id: i.product_id,
    variation_id: i.variation_id,
    name: i.name,
    sku: i.sku,
    quantity: i.quantity,
    price: i.price,
    subtotal: i.line_subtotal,
    total: i.line_total,
  }));
}

/** Changes to an order through `wc/v3/orders/{id}` (`status` null or absent: unchanged). */
export interface OrderPatch {
  shipping?: Partial<ShippingAddress>;
  status?: OrderStatus | null;
  /** WooCommerce's `set_paid`: stamps `date_paid`; an order awaiting payment moves to `processing`. */
  set_paid?: boolean;
  billing?: Partial<BillingAddress>;
  customer_note?: string;
  payment_method?: string;
  payment_method_title?: string;
  transaction_id?: string;
  meta_data?: Array<{ key: string; value: unknown }>;
}

/** Order rules: creation, status transitions with their stock and coupon effects, meta, trash. */
export class OrdersService {
  constructor(private readonly ctx: ShopContext) {}

  /**
   * Stores a new `pending` order inside `trx` and counts one use of each real coupon (refused with 409 when a
   * coupon reached its usage limit meanwhile) — unless `hotRowsLater`: then the caller counts them with
   * `finishPlacement` as its last writes. No event: the caller emits what fits (checkout: `order.created`).
   */
  async insertPending(
    trx: DbOrTrx,
    order: NewOrder,
    meta: Record<string, unknown> = {},
    options: { hotRowsLater?: boolean } = {},
  ): Promise<OrderRecord> {
    const now = toDbTime(this.ctx.clock.now());
    const realCodes = order.couponLines.filter((c) => !c.virtual).map((c) => c.code);
    const shipping = order.shipping ?? completeShipping({});
    const row: Omit<OrderRow, 'id'> = {
      status: 'pending',
      currency: this.ctx.shop.currency.code,
      customer_id: order.customerId,
      billing: JSON.stringify(order.billing),
      shipping: JSON.stringify(shipping),
      billing_email: order.billing.email.trim().toLowerCase(),
      payment_method: order.paymentMethod,
      payment_method_title: order.paymentMethodTitle ?? paymentMethodTitle(order.paymentMethod),
      transaction_id: order.transactionId ?? '',
      customer_note: order.customerNote,
      items_subtotal: order.itemsSubtotal,
      discount_total: order.discountTotal,
      fee_total: order.feeTotal,
      total: order.total,
      total_tax: order.taxData ? order.taxData.cart_tax + order.taxData.shipping_tax : 0,
      tax_data: JSON.stringify(order.taxData ?? {}),
      refunded_total: 0,
      fee_lines: JSON.stringify(order.feeLines),
      shipping_total: (order.shippingLines ?? []).reduce((sum, line) => sum + line.total, 0),
      shipping_lines: JSON.stringify(order.shippingLines ?? []),
      coupon_lines: JSON.stringify(await this.couponLinesWithData(trx, order.couponLines)),
      cart_session_id: order.cartSessionId,
      order_key: `wc_order_${randomBytes(8).toString('hex')}`,
      stock_reduced: 0,
      coupons_counted: realCodes.length > 0 ? 1 : 0,
      trashed: 0,
      created_at: now,
      updated_at: now,
      paid_at: null,
      completed_at: null,
    };
    const { id, itemIds } = await insertOrder(trx, {
      order: row,
      items: order.lines,
      terms: orderSearchTerms({
        billing: order.billing,
        shipping,
        itemNames: order.lines.map((l) => l.name),
      }),
    });
    if (!options.hotRowsLater)
      await this.countCouponUses(trx, {
        orderId: id,
        codes: realCodes,
        email: order.billing.email,
        customerId: order.customerId,
      });
    for (const [key, value] of Object.entries(meta)) await upsertOrderMeta(trx, id, key, value);
    return orderRecordFrom(
      { ...row, id },
      {
        items: order.lines.map((line, i) => ({ ...line, id: itemIds[i]!, order_id: id })),
        refunds: [],
        meta: Object.keys(meta).length > 0 ? await findOrderMeta(trx, id) : [],
      },
    );
  }

  /**
   * The last writes of placing `order` (inserted and moved with `hotRowsLater`), on the rows every checkout shares:
   * counts its coupon uses (409 when a coupon reached a limit), then sells its lines (409 when one ran out of
   * stock). Kept last so the locks on those rows are held only until the commit that follows.
   */
  async finishPlacement(trx: DbOrTrx, order: OrderRecord): Promise<void> {
    await this.countCouponUses(trx, {
      orderId: order.id,
      codes: realCouponCodes(order),
      email: order.billing.email,
      customerId: order.customer_id,
    });
    if (order.stock_reduced) await sellLines(trx, this.ctx.clock, linesOf(order));
  }

  // Counts one use of each real coupon of an order; 409 when one reached its limit (the caller rolls back).
  private async countCouponUses(
    trx: DbOrTrx,
    input: { orderId: number; codes: string[]; email: string; customerId: number },
  ): Promise<void> {
    const { codes } = input;
    if (codes.length === 0) return;
    const coupons = await findCouponsByCodes(trx, codes);
    const email = input.email.trim().toLowerCase();
    const customer = input.customerId > 0 ? String(input.customerId) : null;
    const refused = await recordCouponUses(trx, {
      orderId: input.orderId,
      coupons,
      usedBy: customer ?? email,
      identities: [customer, email].filter((v): v is string => Boolean(v)),
    });
    if (refused.length > 0 || coupons.length !== codes.length) {
      const code = coupons.find((c) => refused.includes(c.id))?.code ?? codes[0];
      throw new ConflictError(
        'woocommerce_rest_cart_coupon_error',
        `Coupon "${code}" cannot be used any more: its usage limit (or its limit per customer) has been reached.`,
      );
    }
  }

  /**
   * Moves an order to `to` inside `trx` (row locked on PostgreSQL): checks the transition (400 when not allowed,
   * unless `anyStatus`: a shop manager through `wc/v3`), takes stock when entering processing/on-hold/completed,
   * gives stock and coupon uses back on cancel, stamps paid/completed dates, then emits `order.status_changed` in
   * the same transaction. `placed`: the order `insertPending` just returned in this transaction (its row is this
   * transaction's own, so it is neither locked nor read again; with `hotRowsLater` its stock is marked taken and
   * left to `finishPlacement`).
   */
  async transition(
    trx: DbOrTrx,
    id: number,
    to: OrderStatus,
    options: { anyStatus?: boolean; placed?: OrderRecord; hotRowsLater?: boolean } = {},
  ): Promise<OrderRecord> {
    const { placed } = options;
    const row = placed ? null : await this.lockedRow(trx, id);
    const from = placed?.status ?? row!.status;
    const stockReduced = placed ? placed.stock_reduced : row!.stock_reduced === 1;
    const couponsCounted = placed ? placed.coupons_counted : row!.coupons_counted === 1;
    const paid = placed ? placed.date_paid !== null : row!.paid_at !== null;
    if (from === to) return placed ?? (await loadOrder(trx, id))!;
    if (!options.anyStatus && !canTransition(from, to)) {
      const allowed = nextStatuses(from);
      throw new RestError(
        'woocommerce_rest_invalid_order_status_transition',
        `An order cannot go from "${from}" to "${to}"${allowed.length > 0 ? ` (allowed: ${allowed.join(', ')})` : ' (it is final)'}.`,
        400,
        { from, to, allowed },
      );
    }
    const now = toDbTime(this.ctx.clock.now());
    const patch: Partial<OrderRow> = { status: to, updated_at: now };
    const current = placed ?? (await loadOrder(trx, id))!;
    const lines = linesOf(current);
    if (STOCK_HOLDING.has(to) && !stockReduced) {
      if (!(placed && options.hotRowsLater)) await sellLines(trx, this.ctx.clock, lines);
      patch.stock_reduced = 1;
    }
    if (to === 'cancelled' && stockReduced) {
      await restoreStock(trx, this.ctx.clock, lines);
      await recordSales(trx, lines, 'remove');
      patch.stock_reduced = 0;
    }
    const couponCodes = realCouponCodes(current);
    if (to === 'cancelled' && couponsCounted) {
      await releaseCouponUsage(trx, { orderId: id, codes: couponCodes });
      patch.coupons_counted = 0;
    }
    // A cancelled order brought back (a shop manager may) uses its coupons again, within their limits.
    if (from === 'cancelled' && !couponsCounted && couponCodes.length > 0) {
      await this.countCouponUses(trx, {
        orderId: id,
        codes: couponCodes,
        email: current.billing.email,
        customerId: current.customer_id,
      });
      patch.coupons_counted = 1;
    }
    if (PAID.has(to) && !paid) patch.paid_at = now;
    if (to === 'completed') patch.completed_at = now;
    const order = placed
      ? // Handlers of `order.created` may have added meta since `placed` was made.
        orderRecordFrom(await updateOrderRowReturning(trx, id, patch), {
          items: placed.line_items.map((item) => ({ ...item, order_id: id })),
          refunds: [],
          meta: await findOrderMeta(trx, id),
        })
      : await updateOrderRow(trx, id, patch).then(async () => (await loadOrder(trx, id))!);
    await this.ctx.events.emit('order.status_changed', { order, from, to }, trx);
    return order;
  }

  /** Stamps `date_paid` (once) inside `trx`. */
  async markPaid(trx: DbOrTrx, id: number): Promise<void> {
    const row = await this.lockedRow(trx, id);
    if (row.paid_at === null) await updateOrderRow(trx, id, { paid_at: toDbTime(this.ctx.clock.now()) });
  }

  /**
   * Applies a `wc/v3` update (fields, meta, then the status: any status, as WooCommerce lets a shop manager set;
   * `refunded` refunds what is left) in one transaction.
   */
  async update(
    id: number,
    patch: OrderPatch,
    refundAll: (trx: DbOrTrx, order: OrderRecord) => Promise<void>,
  ): Promise<OrderRecord> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const row = await this.lockedRow(trx, id);
      const now = toDbTime(this.ctx.clock.now());
      const changes: Partial<OrderRow> = {};
      const billing = normaliseAddress({ ...(JSON.parse(row.billing) as BillingAddress), ...patch.billing });
      const shipping = completeShipping(normaliseAddress({ ...JSON.parse(row.shipping), ...patch.shipping }));
      if (patch.billing) {
        changes.billing = JSON.stringify(billing);
        changes.billing_email = billing.email.trim().toLowerCase();
      }
      if (patch.shipping) changes.shipping = JSON.stringify(shipping);
      if (patch.billing || patch.shipping) {
        const itemNames = (await loadOrder(trx, id))!.line_items.map((l) => l.name);
        await replaceOrderSearchTerms(trx, id, orderSearchTerms({ billing, shipping, itemNames }));
      }
      if (patch.customer_note !== undefined) changes.customer_note = patch.customer_note;
      if (patch.payment_method !== undefined) {
        changes.payment_method = patch.payment_method;
        changes.payment_method_title = paymentMethodTitle(patch.payment_method);
      }
      if (patch.payment_method_title !== undefined) changes.payment_method_title = patch.payment_method_title;
      if (patch.transaction_id !== undefined) changes.transaction_id = patch.transaction_id;
      if (Object.keys(changes).length > 0) await updateOrderRow(trx, id, { ...changes, updated_at: now });
      for (const entry of patch.meta_data ?? []) {
        if (entry.value === null) await deleteOrderMeta(trx, id, entry.key);
        else await upsertOrderMeta(trx, id, entry.key, entry.value);
      }
      const asked = patch.status ?? row.status;
      const target = patch.set_paid && AWAITING_PAYMENT.has(asked) ? 'processing' : asked;
      if (target !== row.status) {
        // WooCommerce: setting `refunded` refunds what is left (then the refund moves the status).
        if (target === 'refunded') await refundAll(trx, (await loadOrder(trx, id))!);
        else await this.transition(trx, id, target, { anyStatus: true });
      }
      if (patch.set_paid) await this.markPaid(trx, id);
      return (await loadOrder(trx, id))!;
    });
  }

  /** Moves an order to the trash (`force`: deletes it for good); trashed twice → 410. */
  async trash(id: number, force: boolean): Promise<OrderRecord> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const row = await this.lockedRow(trx, id);
      const order = (await loadOrder(trx, id))!;
      if (force) {
        await deleteOrderRow(trx, id);
        return order;
      }
      if (row.trashed === 1)
        throw new RestError('woocommerce_rest_already_trashed', 'The order has already been deleted.', 410);
      await updateOrderRow(trx, id, { trashed: 1, updated_at: toDbTime(this.ctx.clock.now()) });
      return { ...order, trashed: true };
    });
  }

  /** An order by id (trashed ones included), or null. */
  get(id: number, db: DbOrTrx = this.ctx.db): Promise<OrderRecord | null> {
    return loadOrder(db, id);
  }

  /** An order by id, or 404 `woocommerce_rest_shop_order_invalid_id`. */
  async require(id: number, db: DbOrTrx = this.ctx.db): Promise<OrderRecord> {
    const order = await loadOrder(db, id);
    if (!order) throw orderNotFound();
    return order;
  }

  /** A page of orders and the total count. */
  async list(
    filter: OrderFilter & { orderBy?: 'date' | 'id'; order?: 'asc' | 'desc'; offset: number; limit: number },
    db: DbOrTrx = this.ctx.db,
  ): Promise<{ items: OrderRecord[]; total: number }> {
    const { ids, total } = await searchOrderIds(db, filter);
    return { items: await loadOrders(db, ids), total };
  }

  /** Sets one meta entry (the order must exist). */
  async setMeta(orderId: number, key: string, value: unknown, db: DbOrTrx = this.ctx.db): Promise<void> {
    if (!(await findOrderRow(db, orderId))) throw orderNotFound();
    await upsertOrderMeta(db, orderId, key, value);
  }

  // Each real coupon line keeps the coupon as it is when ordered (WooCommerce's `coupon_data`), shown later.
  private async couponLinesWithData(
    trx: DbOrTrx,
    lines: NewOrder['couponLines'],
  ): Promise<Array<NewOrder['couponLines'][number] & { data?: Record<string, unknown> }>> {
    const real = lines.filter((c) => !c.virtual).map((c) => c.code);
    const coupons = real.length > 0 ? await findCouponsByCodes(trx, real) : [];
    return lines.map((line) => {
      const coupon = coupons.find((c) => c.code === line.code);
      return coupon ? { ...line, data: couponView(coupon, this.ctx.shop.currency.minorUnit, []) } : line;
    });
  }

  /**
   * Writes the search terms of every order, 500 orders per transaction (orders placed before the terms table);
   * once done, an option remembers it, so later starts skip the walk.
   */
  async indexSearchTermsOnce(): Promise<void> {
    if (await this.ctx.options.get(SEARCH_TERMS_OPTION, false)) return;
    for (let after = 0; ; ) {
      const ids = await orderIdsAfter(this.ctx.db, after, 500);
      if (ids.length === 0) break;
      await this.ctx.db.transaction().execute(async (trx) => {
        for (const order of await loadOrders(trx, ids))
          await replaceOrderSearchTerms(
            trx,
            order.id,
            orderSearchTerms({ ...order, itemNames: order.line_items.map((l) => l.name) }),
          );
      });
      after = ids[ids.length - 1]!;
    }
    await this.ctx.options.set(SEARCH_TERMS_OPTION, true);
  }

  /** The order row, locked for the rest of the transaction on PostgreSQL; 404 when unknown. */
  async lockedRow(trx: DbOrTrx, id: number): Promise<OrderRow> {
    const row = await findOrderRow(trx, id, { lock: true });
    if (!row) throw orderNotFound();
    return row;
  }
}

const SEARCH_TERMS_OPTION = 'shop_order_search_terms_indexed';

/** 404 for an unknown order id (WooCommerce's code). */
export function orderNotFound(): NotFoundError {
  return new NotFoundError('woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
}

// The stock lines of an order.
function linesOf(order: OrderRecord) {
  return order.line_items.map((l) => ({
    productId: l.product_id,
    variationId: l.variation_id,
    quantity: l.quantity,
  }));
}

// The codes of an order's real (not virtual) coupons.
function realCouponCodes(order: OrderRecord): string[] {
  return order.coupon_lines.filter((c) => !(c as { virtual?: boolean }).virtual).map((c) => c.code);
}
