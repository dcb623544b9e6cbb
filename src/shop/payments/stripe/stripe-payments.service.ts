import type { DbOrTrx } from '../../../platform/db/database.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { RestError } from '../../../platform/http/errors.js';
import type { CartService } from '../../cart/cart.service.js';
import { insertOrderNote } from '../../orders/order-notes.repository.js';
import { SYSTEM_AUTHOR } from '../../orders/order-notes.service.js';
import type { OrderRecord } from '../../orders/order-records.js';
import { updateOrderRow, upsertOrderMeta } from '../../orders/orders.repository.js';
import type { OrdersService } from '../../orders/orders.service.js';
import type { RefundsService } from '../../orders/refunds.service.js';
import type { ShopContext } from '../../shop-part.js';
import { emptyPaidCart } from '../empty-paid-cart.js';
import { recordPaymentEvent } from '../payment-events.repository.js';
import type { GatewaySettings, PaymentResult } from '../payment-gateway.js';
import type { StripeClient, StripeObject } from './stripe-client.js';
import { verifyStripeSignature } from './stripe-signature.js';

/** The order meta keeping the order's Checkout Session id. */
export const SESSION_META = '_stripe_checkout_session';
/** The order meta listing the Stripe refund ids already recorded (each is recorded once). */
export const REFUNDS_META = '_stripe_refund_ids';

/** Stripe Checkout: sessions for orders, signed webhooks that mark them paid, refunds both ways. */
export class StripePayments {
  constructor(
    private readonly ctx: ShopContext,
    private readonly deps: {
      client: StripeClient;
      orders: OrdersService;
      refunds: RefundsService;
      carts: CartService;
      settings: () => Promise<GatewaySettings>;
    },
  ) {}

  /** Creates the order's Checkout Session (one per order: its key is the Idempotency-Key) and sends the shopper there. */
  async startCheckout(input: {
    order: OrderRecord;
    settings: GatewaySettings;
    receivedUrl: string;
  }): Promise<PaymentResult> {
    const { order, settings } = input;
    const session = await this.deps.client.call({
      secretKey: requireKey(settings),
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: `${order.order_key}-checkout-session`,
      params: {
        mode: 'payment',
        line_items: sessionLines(order),
        success_url: input.receivedUrl,
        cancel_url: `${this.ctx.config.publicUrl}/checkout/`,
        client_reference_id: String(order.id),
        customer_email: order.billing.email || undefined,
        metadata: { order_id: String(order.id) },
        payment_intent_data: { metadata: { order_id: String(order.id) } },
      },
    });
    await this.deps.orders.setMeta(order.id, SESSION_META, session.id);
    return {
      payment_status: 'pending',
      payment_details: [{ key: 'stripe_checkout_session', value: String(session.id) }],
      redirect_url: String(session.url),
    };
  }

  /** Handles one webhook delivery: 400 (nothing changed) unless signed; an event already handled changes nothing. */
  async handleWebhook(payload: string, signature: string | undefined): Promise<void> {
    const settings = await this.deps.settings();
    const secret = settings.webhook_secret ?? '';
    const nowSeconds = Math.floor(this.ctx.clock.now().getTime() / 1000);
    if (!secret || !signature || !verifyStripeSignature({ header: signature, payload, secret, nowSeconds }))
      throw new RestError(
        'stripe_webhook_invalid_signature',
        'The Stripe-Signature header does not sign this payload.',
        400,
      );
    const event = parseEvent(payload);
    const object = event.data.object as StripeObject;
    const orderId = Number(object.metadata?.order_id ?? object.client_reference_id) || null;
    await this.ctx.db.transaction().execute(async (trx) => {
      const fresh = await recordPaymentEvent(trx, {
        event_id: event.id,
        gateway: 'stripe',
        type: event.type,
        order_id: orderId,
        received_at: toDbTime(this.ctx.clock.now()),
      });
      if (!fresh || orderId === null || !(await this.isStripeOrder(trx, orderId))) return;
      if (event.type === 'checkout.session.completed' && object.payment_status === 'paid')
        await this.markPaid(trx, orderId, String(object.payment_intent));
      else if (event.type === 'checkout.session.async_payment_succeeded')
        await this.markPaid(trx, orderId, String(object.payment_intent));
      else if (
        event.type === 'checkout.session.expired' ||
        event.type === 'checkout.session.async_payment_failed'
      )
        await this.noteUnpaid(trx, orderId, event.type);
      else if (event.type === 'charge.refunded') await this.recordOutsideRefunds(trx, orderId, object);
    });
  }

  /** The order-received page's check: a pending order whose session Stripe reports paid is marked paid now. */
  async confirm(order: OrderRecord): Promise<OrderRecord> {
    const sessionId = order.meta_data[SESSION_META];
    if (order.status !== 'pending' || typeof sessionId !== 'string') return order;
    try {
      const session = await this.deps.client.call({
        secretKey: requireKey(await this.deps.settings()),
        method: 'GET',
        path: `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`,
      });
      if (session.payment_status !== 'paid') return order;
      return await this.ctx.db.transaction().execute(async (trx) => {
        await this.markPaid(trx, order.id, String(session.payment_intent));
        return this.deps.orders.require(order.id, trx);
      });
    } catch (error) {
      this.ctx.logger.warn({ err: error, orderId: order.id }, 'Stripe session not confirmed');
      return order;
    }
  }

  /** Refunds through Stripe (`POST /v1/refunds`); a refusal → 400 in the WordPress shape, nothing recorded. */
  async refund(order: OrderRecord, amount: number, reason: string): Promise<(trx: DbOrTrx) => Promise<void>> {
    if (!order.transaction_id)
      throw new RestError(
        'woocommerce_rest_cannot_create_order_refund',
        'This order has no Stripe payment to refund.',
        400,
      );
    let refund: StripeObject;
    try {
      refund = await this.deps.client.call({
        secretKey: requireKey(await this.deps.settings()),
        method: 'POST',
        path: '/v1/refunds',
        params: {
          payment_intent: order.transaction_id,
          amount,
          metadata: { order_id: String(order.id), reason: reason || undefined },
        },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Stripe did not answer.';
      throw new RestError(
        'woocommerce_rest_cannot_create_order_refund',
        `Stripe refused the refund: ${message}`,
        400,
        {
          params: { amount: message },
        },
      );
    }
    return async (trx) => {
      await this.rememberRefund(trx, order.id, String(refund.id));
      await this.note(
        trx,
        order.id,
        `Refunded ${this.ctx.shop.formatMoney(amount)} through Stripe (Refund ID: ${refund.id}).`,
      );
    };
  }

  // Pending (or failed, on-hold) → processing with the PaymentIntent as transaction id, a note, the cart emptied.
  private async markPaid(trx: DbOrTrx, orderId: number, intentId: string): Promise<void> {
    const row = await this.deps.orders.lockedRow(trx, orderId);
    if (!['pending', 'failed', 'on-hold'].includes(row.status)) return;
    await updateOrderRow(trx, orderId, { transaction_id: intentId });
    const order = await this.deps.orders.transition(trx, orderId, 'processing');
    await this.note(trx, orderId, `Stripe charge complete (Payment Intent ID: ${intentId}).`);
    await emptyPaidCart(this.ctx, this.deps.carts, trx, order);
  }

  // The shopper did not pay: the order stays pending (payable again), the cart as it was.
  private async noteUnpaid(trx: DbOrTrx, orderId: number, type: string): Promise<void> {
    const row = await this.deps.orders.lockedRow(trx, orderId);
    if (row.status !== 'pending') return;
    await this.note(
      trx,
      orderId,
      type === 'checkout.session.expired'
        ? 'The Stripe Checkout Session expired without a payment; the order awaits payment.'
        : 'Stripe could not collect the delayed payment; the order awaits payment.',
    );
  }

  // Refunds made in the Stripe dashboard: each succeeded refund not recorded yet is recorded once.
  private async recordOutsideRefunds(trx: DbOrTrx, orderId: number, charge: StripeObject): Promise<void> {
    await this.deps.orders.lockedRow(trx, orderId);
    const order = await this.deps.orders.require(orderId, trx);
    const known = (order.meta_data[REFUNDS_META] as string[] | undefined) ?? [];
    const refunds = ((charge.refunds?.data ?? []) as StripeObject[]).filter(
      (r) => r.status === 'succeeded' && !known.includes(String(r.id)),
    );
    for (const refund of [...refunds].reverse()) {
      await this.deps.refunds.createIn(trx, orderId, {
        amount: Number(refund.amount),
        reason: 'Refunded in Stripe',
        restock: false,
        refundedBy: null,
      });
      await this.rememberRefund(trx, orderId, String(refund.id));
    }
  }

  private async rememberRefund(trx: DbOrTrx, orderId: number, refundId: string): Promise<void> {
    const order = await this.deps.orders.require(orderId, trx);
    const known = (order.meta_data[REFUNDS_META] as string[] | undefined) ?? [];
    await upsertOrderMeta(trx, orderId, REFUNDS_META, [...known, refundId]);
  }

  private async isStripeOrder(trx: DbOrTrx, orderId: number): Promise<boolean> {
    const order = await this.deps.orders.get(orderId, trx);
    return order?.payment_method === 'stripe';
  }

  private async note(trx: DbOrTrx, orderId: number, note: string): Promise<void> {
    await insertOrderNote(trx, {
      order_id: orderId,
      note,
      customer_note: 0,
      added_by: null,
      author: SYSTEM_AUTHOR,
      created_at: toDbTime(this.ctx.clock.now()),
    });
  }
}

// The order's lines when they add up to its total (unit amounts exact), else one line of the whole amount.
function sessionLines(order: OrderRecord): StripeObject[] {
  const currency = order.currency.toLowerCase();
  const exact =
    order.fee_lines.length === 0 &&
    order.line_items.every((l) => l.total % l.quantity === 0) &&
    order.line_items.reduce((sum, l) => sum + l.total, 0) === order.total;
  if (exact)
    return order.line_items.map((l) => ({
      price_data: { currency, unit_amount: l.total / l.quantity, product_data: { name: l.name } },
      quantity: l.quantity,
    }));
  return [
    {
      price_data: { currency, unit_amount: order.total, product_data: { name: `Order #${order.id}` } },
      quantity: 1,
    },
  ];
}

function requireKey(settings: GatewaySettings): string {
  const key = settings.secret_key ?? '';
  if (!key) throw new RestError('stripe_not_configured', 'The Stripe secret key is not set.', 400);
  return key;
}

function parseEvent(payload: string): { id: string; type: string; data: { object: unknown } } {
  try {
    const event = JSON.parse(payload);
    if (
      typeof event?.id === 'string' &&
      typeof event.type === 'string' &&
      event.data?.object &&
      typeof event.data.object === 'object'
    )
      return event;
  } catch {
    // Falls through to the 400 below.
  }
  throw new RestError('stripe_webhook_invalid_event', 'The payload is not a Stripe event.', 400);
}
