import type { CartService } from '../cart/cart.service.js';
import type { CartViewer } from '../cart/cart-view.js';
import type { CartSessions } from '../cart/cart-session.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PaymentGateways } from '../payments/payment-gateways.service.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerCheckoutRoutes } from './checkout.routes.js';
import { CheckoutService } from './checkout.service.js';

/** Checkout: `POST /wc/store/v1/checkout`. */
export function checkoutPart(
  ctx: ShopContext,
  deps: {
    carts: CartService;
    sessions: CartSessions;
    viewCart: CartViewer;
    orders: OrdersService;
    gateways: PaymentGateways;
  },
): ShopPart & { checkout: CheckoutService } {
  const checkout = new CheckoutService(ctx, deps.carts, deps.orders, deps.gateways);
  return {
    name: 'checkout',
    checkout,
    routes: (app) => registerCheckoutRoutes(app, { ctx, checkout, ...deps }),
  };
}
