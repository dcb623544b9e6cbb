import { RestError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import type { CartService } from '../cart/cart.service.js';
import type { CartSessions } from '../cart/cart-session.js';
import type { CartViewer } from '../cart/cart-view.js';
import type { ShopContext } from '../shop-part.js';
import { CheckoutBody, CheckoutResponse } from './checkout.schemas.js';
import type { CheckoutService } from './checkout.service.js';

/** `POST /wc/store/v1/checkout`: the caller's cart becomes an order. */
export function registerCheckoutRoutes(
  app: RestApp,
  deps: {
    ctx: ShopContext;
    checkout: CheckoutService;
    carts: CartService;
    sessions: CartSessions;
    viewCart: CartViewer;
  },
): void {
  const { ctx, checkout, carts, sessions, viewCart } = deps;
  for (const prefix of ['/wc/store/v1', '/wc/store']) {
    app.post(
      `${prefix}/checkout`,
      {
        config: { auth: { access: 'public', nonce: 'never' } },
        schema: {
          tags: ['shop: store api checkout'],
          summary:
            'Place the order: validate the cart, take stock, create the order, empty the cart (one transaction).',
          description: 'Errors: WordPress shape; a 409 carries `data.cart`.',
          body: CheckoutBody,
          response: { 200: CheckoutResponse },
        },
      },
      async (request, reply) => {
        const session = sessions.forRequest(request);
        sessions.checkNonce(request, session);
        const body = request.body;
        let order: Awaited<ReturnType<CheckoutService['checkout']>>;
        try {
          order = await checkout.checkout(session, {
            billing: body.billing_address,
            shipping: body.shipping_address,
            paymentMethod: body.payment_method,
            customerNote: body.customer_note ?? '',
            extensions: body.extensions ?? {},
          });
        } catch (error) {
          if (error instanceof RestError && error.status === 409) {
            const current = await carts.view(session);
            error.data.cart = await viewCart(current);
          }
          throw error;
        }
        sessions.sendHeaders(request, reply, session, session.credential === 'cart_cookie');
        const s = (n: number) => String(n);
        return {
          order_id: order.id,
          status: order.status,
          order_key: order.order_key,
          order_number: String(order.id),
          customer_note: order.customer_note,
          customer_id: order.customer_id,
          billing_address: order.billing,
          shipping_address: order.shipping,
          payment_method: order.payment_method,
          payment_result: order.payment_result,
          totals: {
            total_items: s(order.items_subtotal),
            total_discount: s(order.discount_total),
            total_fees: s(order.fee_total),
            total_shipping: s(order.shipping_total),
            total_price: s(order.total),
            currency_code: order.currency,
            currency_minor_unit: ctx.shop.currency.minorUnit,
          },
        };
      },
    );
  }
}
