import type { DbOrTrx } from '../../platform/db/database.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { invalid, NotFoundError, RestError } from '../../platform/http/errors.js';
import { restoreStock } from '../catalog/purchasables.js';
import type { ShopContext } from '../shop-part.js';
import {
  loadOrder,
  loadOrders,
  type OrderRecord,
  type RefundLine,
  type RefundRecord,
} from './order-records.js';
import {
  addRefunded,
  deleteRefundRow,
  findOrderRow,
  insertRefund,
  searchRefundIds,
} from './orders.repository.js';
import type { OrdersService } from './orders.service.js';

/** A refunded line as asked: the order line by `id`, or the first line holding `product_id` (and `variation_id`). */
export interface RefundLineRequest {
  id?: number;
  product_id?: number;
  variation_id?: number;
  quantity: number;
  refund_total: number;
}

/** What a refund asks for (money in minor units). */
export interface RefundRequest {
  /** Defaults to the sum of the lines' `refund_total`. */
  amount?: number;
  reason: string;
  lineItems?: RefundLineRequest[];
  /** Put refunded quantities back in stock. */
  restock: boolean;
  refundedBy: number | null;
  /** WooCommerce's `api_refund`: give the money back through the order's gateway when it can (default true). */
  apiRefund?: boolean;
}

/**
 * A gateway's refund: null when the order's gateway does not refund; else it gives the money back (throwing a
 * RestError when the gateway refuses) and answers what to write in the transaction recording the refund.
 */
export type GatewayRefund = (
  order: OrderRecord,
  amount: number,
  reason: string,
) => Promise<(trx: DbOrTrx) => Promise<void>> | null;

/** Refunds: partial or full, never above what is left, even under concurrent requests. */
export class RefundsService {
  private gatewayRefund: GatewayRefund = () => null;

  constructor(
    private readonly ctx: ShopContext,
    private readonly orders: OrdersService,
  ) {}

  /** Sets how refunds reach the payment gateways (the payments part does). */
  setGatewayRefunds(refund: GatewayRefund): void {
    this.gatewayRefund = refund;
  }

  /**
   * Records a refund in its own transaction; with `apiRefund` (default) the order's gateway gives the money back
   * first (a refusal: an error and nothing recorded).
   */
  async create(
    orderId: number,
    request: RefundRequest,
  ): Promise<{ order: OrderRecord; refund: RefundRecord }> {
    let recordGateway: ((trx: DbOrTrx) => Promise<void>) | null = null;
    const order = request.apiRefund === false ? null : await loadOrder(this.ctx.db, orderId);
    if (order && !order.trashed) {
      const amount =
        request.amount ??
        this.checkLines(order, request.lineItems ?? []).reduce((sum, l) => sum + l.refund_total, 0);
      // Amounts the shop refuses anyway are refused below before any money moves.
      if (Number.isInteger(amount) && amount > 0 && amount <= order.total - order.refunded_total)
        recordGateway = await this.gatewayRefund(order, amount, request.reason);
    }
    return this.ctx.db.transaction().execute(async (trx) => {
      const done = await this.createIn(trx, orderId, request);
      await recordGateway?.(trx);
      return recordGateway ? { ...done, order: (await loadOrder(trx, orderId))! } : done;
    });
  }

  /**
   * Records a refund inside `trx`, whatever the order's status (WooCommerce refunds any order with an amount left
   * to refund): the order row is locked (PostgreSQL) and the refunded total only grows by a conditional UPDATE
   * bounded by the order total; emits `order.refunded`, and moves a fully refunded order to `refunded` (emitting
   * `order.status_changed`) in the same transaction.
   */
  async createIn(
    trx: DbOrTrx,
    orderId: number,
    request: RefundRequest,
  ): Promise<{ order: OrderRecord; refund: RefundRecord }> {
    const row = await findOrderRow(trx, orderId, { lock: true });
    if (!row || row.trashed === 1)
      throw new NotFoundError('woocommerce_rest_invalid_order_id', 'Invalid order ID.');
    const order = (await loadOrder(trx, orderId))!;
    const lines = this.checkLines(order, request.lineItems ?? []);
    const amount = request.amount ?? lines.reduce((sum, l) => sum + l.refund_total, 0);
    const remaining = row.total - row.refunded_total;
    if (!Number.isInteger(amount) || amount <= 0)
      throw refundError('The refund amount must be greater than zero.');
    if (amount > remaining)
      throw refundError(
        `Invalid refund amount: ${this.ctx.shop.formatMoney(amount)} is more than the ${this.ctx.shop.formatMoney(remaining)} left to refund.`,
        { remaining: this.ctx.shop.formatMoney(remaining) },
      );
    const now = toDbTime(this.ctx.clock.now());
    if (!(await addRefunded(trx, orderId, amount, now)))
      throw refundError('Invalid refund amount: the order has meanwhile been refunded further.');
    const refundId = await insertRefund(trx, {
      order_id: orderId,
      amount,
      reason: request.reason,
      line_items: JSON.stringify(lines),
      refunded_by: request.refundedBy,
      created_at: now,
    });
    if (request.restock && row.stock_reduced === 1) {
      const back = lines.flatMap((l) => {
        const item = order.line_items.find((i) => i.id === l.id)!;
        return l.quantity > 0
          ? [{ productId: item.product_id, variationId: item.variation_id, quantity: l.quantity }]
          : [];
      });
      if (back.length > 0) await restoreStock(trx, this.ctx.clock, back);
    }
    let updated = (await loadOrder(trx, orderId))!;
    const refund = updated.refunds.find((r) => r.id === refundId)!;
    await this.ctx.events.emit(
      'order.refunded',
      {
        order: updated,
        refund: { id: refundId, amount, reason: request.reason },
        refunded_total: updated.refunded_total,
      },
      trx,
    );
    if (updated.refunded_total === updated.total)
      updated = await this.orders.transition(trx, orderId, 'refunded', { anyStatus: true });
    return { order: updated, refund };
  }

  /** A refund of an order, or 404 (`woocommerce_rest_invalid_order_id` / `woocommerce_rest_invalid_id`). */
  async require(
    orderId: number,
    refundId: number,
    db: DbOrTrx = this.ctx.db,
  ): Promise<{ order: OrderRecord; refund: RefundRecord }> {
    const order = await loadOrder(db, orderId);
    if (!order) throw new NotFoundError('woocommerce_rest_invalid_order_id', 'Invalid order ID.');
    const refund = order.refunds.find((r) => r.id === refundId);
    if (!refund) throw new NotFoundError('woocommerce_rest_invalid_id', 'Invalid ID.');
    return { order, refund };
  }

  /**
   * Deletes a refund for good (WooCommerce: refunds have no trash): the order's refunded total goes down by its
   * amount; the order's status and stock stay as they are, as in WooCommerce. Emits `order.refund_deleted`.
   */
  remove(orderId: number, refundId: number): Promise<{ order: OrderRecord; refund: RefundRecord }> {
    return this.ctx.db.transaction().execute(async (trx) => {
      await findOrderRow(trx, orderId, { lock: true });
      const { refund } = await this.require(orderId, refundId, trx);
      const now = toDbTime(this.ctx.clock.now());
      if (!(await deleteRefundRow(trx, { id: refund.id, order_id: orderId, amount: refund.amount }, now)))
        throw new NotFoundError('woocommerce_rest_invalid_id', 'Invalid ID.');
      const order = (await loadOrder(trx, orderId))!;
      await this.ctx.events.emit(
        'order.refund_deleted',
        { order, refund: { id: refund.id, amount: refund.amount, reason: refund.reason } },
        trx,
      );
      return { order, refund };
    });
  }

  /** A page of the refunds of every order (or of `parents`), newest first, each with its order, and the total. */
  async list(filter: {
    parents?: number[];
    order: 'asc' | 'desc';
    offset: number;
    limit: number;
  }): Promise<{ items: Array<{ order: OrderRecord; refund: RefundRecord }>; total: number }> {
    const { rows, total } = await searchRefundIds(this.ctx.db, filter);
    const orders = new Map(
      (await loadOrders(this.ctx.db, [...new Set(rows.map((r) => r.order_id))])).map((o) => [o.id, o]),
    );
    const items = rows.flatMap((row) => {
      const order = orders.get(row.order_id);
      const refund = order?.refunds.find((r) => r.id === row.id);
      return order && refund ? [{ order, refund }] : [];
    });
    return { items, total };
  }

  /** Refunds whatever is left of an order (setting its status to `refunded`), inside `trx`. */
  async refundRemaining(trx: DbOrTrx, order: OrderRecord, refundedBy: number | null): Promise<void> {
    const remaining = order.total - order.refunded_total;
    if (remaining > 0)
      await this.createIn(trx, order.id, {
        amount: remaining,
        reason: 'Order fully refunded.',
        restock: false,
        refundedBy,
      });
    else await this.orders.transition(trx, order.id, 'refunded', { anyStatus: true });
  }

  private checkLines(order: OrderRecord, lines: RefundLineRequest[]): RefundLine[] {
    const done = new Map<number, { quantity: number; total: number }>();
    for (const refund of order.refunds)
      for (const l of refund.line_items) {
        const d = done.get(l.id) ?? { quantity: 0, total: 0 };
        done.set(l.id, { quantity: d.quantity + l.quantity, total: d.total + l.refund_total });
      }
    return lines.map((line) => {
      const item = findRefundedItem(order, line, done);
      const before = done.get(item.id) ?? { quantity: 0, total: 0 };
      if (line.quantity < 0 || line.quantity + before.quantity > item.quantity)
        throw refundError(
          `At most ${item.quantity - before.quantity} of line item ${item.id} can be refunded.`,
        );
      if (line.refund_total < 0 || line.refund_total + before.total > item.total)
        throw refundError(
          `At most ${this.ctx.shop.formatMoney(item.total - before.total)} of line item ${item.id} can be refunded.`,
        );
      done.set(item.id, {
        quantity: before.quantity + line.quantity,
        total: before.total + line.refund_total,
      });
      return { id: item.id, quantity: line.quantity, refund_total: line.refund_total };
    });
  }
}

// The order line a refunded line names: by line `id`, else the first line of `product_id` (its variation when
// given) with a quantity left to refund, else its first line.
function findRefundedItem(
  order: OrderRecord,
  line: RefundLineRequest,
  done: ReadonlyMap<number, { quantity: number }>,
): OrderRecord['line_items'][number] {
  if (line.id !== undefined) {
    const item = order.line_items.find((i) => i.id === line.id);
    if (!item) throw refundError(`Line item ${line.id} is not part of order #${order.id}.`);
    return item;
  }
  if (line.product_id === undefined)
    throw invalid('line_items', 'required', 'Each refunded line needs the order line id or a product_id.');
  const candidates = order.line_items.filter(
    (i) =>
      (i.product_id === line.product_id || i.variation_id === line.product_id) &&
      (line.variation_id === undefined || i.variation_id === line.variation_id),
  );
  const item = candidates.find((i) => (done.get(i.id)?.quantity ?? 0) < i.quantity) ?? candidates[0];
  if (!item) throw refundError(`Product ${line.product_id} is not part of order #${order.id}.`);
  return item;
}

function refundError(message: string, data: Record<string, unknown> = {}): RestError {
  return new RestError('woocommerce_rest_invalid_order_refund', message, 400, data);
}
