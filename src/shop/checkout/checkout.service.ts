import { toDbTime } from '../../platform/db/sql-helpers.js';
import { RestError } from '../../platform/http/errors.js';
import { findCartRow, saveCart } from '../cart/cart.repository.js';
import { type CartSession, type CartService, mergedCartError } from '../cart/cart.service.js';
import { completeBilling } from '../orders/admin-orders.service.js';
import type { BillingAddress, ShippingAddress } from '../orders/address-fields.js';
import type { OrderRecord } from '../orders/order-records.js';
import { type OrdersService, orderLinesOf } from '../orders/orders.service.js';
import type { PaymentResult } from '../payments/payment-gateway.js';
import type { GatewayState, PaymentGateways } from '../payments/payment-gateways.service.js';
import { lacksShippingOption, type PackageAddress } from '../shipping/cart-shipping.js';
import type { ShopContext } from '../shop-part.js';
import { orderTaxDataOf } from '../tax/order-taxes.js';
import { type AddressFieldStyle, checkoutAddresses } from './checkout-addresses.js';

/** What the shopper sends to check out. */
export interface CheckoutInput {
  billing: Partial<BillingAddress> & { email: string };
  /** A different shipping address; none: the order ships to the billing address. */
  shipping?: Partial<ShippingAddress>;
  /** How address errors name their fields (default: the Store API's `billing_address.country`). */
  addressStyle?: AddressFieldStyle;
  paymentMethod: string;
  customerNote: string;
  extensions: Record<string, unknown>;
}

/** A placed order and what its gateway said about the payment (the Store API's `payment_result`). */
export type PlacedOrder = OrderRecord & { payment_result: PaymentResult };

/** Turns a cart into an order. */
export class CheckoutService {
  constructor(
    private readonly ctx: ShopContext,
    private readonly carts: CartService,
    private readonly orders: OrdersService,
    /** The payment gateways checkout offers (the storefront lists them). */
    readonly gateways: PaymentGateways,
  ) {}

  /**
   * In ONE transaction: re-prices the cart against the billing e-mail and the checked addresses (refusing it while
   * it has problems or no shipping rate serves it), stores the `pending` order, emits `order.created` (a throwing
   * handler refuses the checkout and nothing is written), moves the order to the status its gateway places at (`cod`
   * processing, `bacs`/`cheque` on-hold) and emits `order.status_changed`, empties the cart and emits
   * `cart.updated` (a gateway that sends the shopper away to pay leaves the order pending and the cart as it is);
   * last, on the rows every checkout shares, counts the coupon uses and takes the stock (409 when a coupon reached
   * its limit or a product ran out meanwhile: everything is undone). Then, outside the transaction, the gateway
   * takes the payment (400 when it cannot: the order stays pending, payable).
   */
  async checkout(session: CartSession, input: CheckoutInput): Promise<PlacedOrder> {
    const payment = await this.gateways.requireEnabled(input.paymentMethod);
    const { billing, shipping } = await checkoutAddresses(this.ctx, {
      billing: completeBilling(input.billing),
      shipping: input.shipping,
      style: input.addressStyle ?? 'store-api',
    });
    const taxOptions = await this.carts.taxOptions();
    const placed = await this.ctx.db.transaction().execute(async (trx) => {
      const stored = await findCartRow(trx, session.sessionId, { lock: true });
      if (stored?.mergedInto) throw mergedCartError();
      if (!stored || stored.contents.items.length === 0)
        throw new RestError('woocommerce_rest_cart_empty', 'Cannot create an order from an empty cart.', 400);
      const computed = await this.carts.compute(session, stored, trx, {
        email: billing.email,
        destination: shipping.country ? shippingDestination(shipping) : undefined,
        addresses: { billing, shipping },
        taxOptions,
      });
      const problem = computed.errors[0];
      if (problem) throw new RestError(problem.code, problem.message, 409, { errors: computed.errors });
      if (lacksShippingOption(computed.shipping))
        throw new RestError(
          'woocommerce_rest_invalid_shipping_option',
          'Sorry, this order requires a shipping option.',
          400,
        );
      const { cart } = computed;
      const pending = await this.orders.insertPending(
        trx,
        {
          customerId: session.userId ?? 0,
          billing,
          shipping,
          paymentMethod: input.paymentMethod,
          paymentMethodTitle: payment.title,
          customerNote: input.customerNote,
          lines: orderLinesOf(cart.items),
          feeLines: cart.fees.map((f) => ({ name: f.name, total: f.amount })),
          shippingLines: computed.shipping.lines,
          couponLines: cart.coupons,
          itemsSubtotal: cart.totals.total_items,
          discountTotal: cart.totals.total_discount,
          feeTotal: cart.totals.total_fees,
          total: cart.totals.total_price,
          cartSessionId: session.sessionId,
          taxData: orderTaxDataOf(cart),
        },
        {},
        { hotRowsLater: true },
      );
      await this.ctx.events.emit(
        'order.created',
        { order: pending, cart, extensions: input.extensions },
        trx,
      );
      const placedStatus = payment.gateway.placedStatus;
      if (placedStatus === 'pending') {
        await this.orders.finishPlacement(trx, pending);
        return pending;
      }
      const order = await this.orders.transition(trx, pending.id, placedStatus, {
        placed: pending,
        hotRowsLater: true,
      });
      const emptied = { items: [], coupons: [] };
      const empty = await this.carts.compute(session, { ...stored, contents: emptied }, trx, { taxOptions });
      await saveCart(trx, {
        sessionId: session.sessionId,
        contents: emptied,
        cart: empty.cart,
        now: toDbTime(this.ctx.clock.now()),
      });
      await this.ctx.events.emit('cart.updated', { cart: empty.cart }, trx);
      await this.orders.finishPlacement(trx, order);
      return order;
    });
    return { ...placed, payment_result: await this.pay(placed, payment) };
  }

  // The gateway's part after the order is stored; a failure leaves the order pending and answers 400.
  private async pay(order: OrderRecord, payment: GatewayState): Promise<PaymentResult> {
    const receivedUrl = `${this.ctx.config.publicUrl}/checkout/order-received/${order.id}/?key=${order.order_key}`;
    try {
      return await payment.gateway.pay({ order, settings: payment.settings, receivedUrl });
    } catch (error) {
      this.ctx.logger.warn({ err: error, orderId: order.id }, 'payment could not be started');
      throw new RestError(
        'woocommerce_rest_checkout_process_payment_error',
        `${payment.title} could not take the payment: ${error instanceof RestError ? error.message : 'the payment service did not answer'}. Your order is saved; try again.`,
        400,
        { params: { payment_method: 'The payment could not be started.' }, order_id: order.id },
      );
    }
  }
}

/** The checked shipping address as the shipping rates read it. */
function shippingDestination(shipping: ShippingAddress): PackageAddress {
  const { address_1, city, state, postcode, country } = shipping;
  return { address_1, city, state, postcode, country };
}
