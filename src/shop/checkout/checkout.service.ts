import { toDbTime } from '../../platform/db/sql-helpers.js';
import { RestError } from '../../platform/http/errors.js';
import { findCartRow, saveCart } from '../cart/cart.repository.js';
import { type CartSession, type CartService, mergedCartError } from '../cart/cart.service.js';
import { PAYMENT_METHODS } from '../cart/cart-view.js';
import { completeBilling } from '../orders/admin-orders.service.js';
import type { BillingAddress, ShippingAddress } from '../orders/address-fields.js';
import type { OrderRecord } from '../orders/order-records.js';
import { type OrdersService, orderLinesOf } from '../orders/orders.service.js';
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

/** Turns a cart into an order. */
export class CheckoutService {
  constructor(
    private readonly ctx: ShopContext,
    private readonly carts: CartService,
    private readonly orders: OrdersService,
  ) {}

  /**
   * In ONE transaction: re-prices the cart against the billing e-mail (refusing it while it has problems),
   * stores the `pending` order, emits `order.created` (a throwing handler refuses the checkout and nothing is
   * written), moves the order to processing (`cod`) or on-hold (`bacs`) and emits `order.status_changed`, empties
   * the cart and emits `cart.updated`; last, on the rows every checkout shares, counts the coupon uses and takes
   * the stock (409 when a coupon reached its limit or a product ran out meanwhile: everything is undone).
   */
  async checkout(session: CartSession, input: CheckoutInput): Promise<OrderRecord> {
    if (!(PAYMENT_METHODS as readonly string[]).includes(input.paymentMethod))
      throw new RestError(
        'woocommerce_rest_checkout_payment_method_disabled',
        `The payment method "${input.paymentMethod}" is not available; use one of ${PAYMENT_METHODS.join(', ')}.`,
        400,
      );
    const { billing, shipping } = await checkoutAddresses(this.ctx, {
      billing: completeBilling(input.billing),
      shipping: input.shipping,
      style: input.addressStyle ?? 'store-api',
    });
    const taxOptions = await this.carts.taxOptions();
    return this.ctx.db.transaction().execute(async (trx) => {
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
      const order = await this.orders.transition(
        trx,
        pending.id,
        input.paymentMethod === 'cod' ? 'processing' : 'on-hold',
        { placed: pending, hotRowsLater: true },
      );
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
  }
}

/** The checked shipping address as the shipping rates read it. */
function shippingDestination(shipping: ShippingAddress): PackageAddress {
  const { address_1, city, state, postcode, country } = shipping;
  return { address_1, city, state, postcode, country };
}
