import type { FastifyReply, FastifyRequest } from 'fastify';
import { RestError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import { SelectShippingRateBody, UpdateCustomerBody } from '../shipping/shipping-store.schemas.js';
import type { CartService, ComputedCart } from './cart.service.js';
import {
  AddItemBody,
  CartExtensionsBody,
  CartSchema,
  CouponCodeBody,
  RemoveItemBody,
  UpdateItemBody,
} from './cart.schemas.js';
import type { CartSessions, RequestCart } from './cart-session.js';
import { newGuestSessionId } from './cart-token.js';
import type { CartExtensions } from './cart-extensions.js';
import type { CartViewer } from './cart-view.js';

const PUBLIC = { access: 'public', nonce: 'never' } as const;
const TAGS = ['shop: store api cart'];
const CART_ERROR_NOTE = 'Errors: WordPress shape; a 409 carries `data.cart`.';

/** Store API cart routes (`wc/store/v1/cart…`): public, guests identified by Cart-Token or cookie. */
export function registerCartRoutes(
  app: RestApp,
  deps: { carts: CartService; sessions: CartSessions; extensions: CartExtensions; viewCart: CartViewer },
): void {
  const { carts, sessions, extensions, viewCart } = deps;

  /** Runs `action` for the caller's cart and replies with the whole cart (a 409 error gets `data.cart`). */
  const reply = async (
    request: FastifyRequest,
    response: FastifyReply,
    action: (cart: RequestCart) => Promise<ComputedCart>,
    options: { change: boolean; status?: number },
  ) => {
    let cart = sessions.forRequest(request);
    if (options.change) sessions.checkNonce(request, cart);
    let computed: ComputedCart;
    try {
      computed = await runOnLiveSession(cart, action, (fresh) => {
        cart = fresh;
      });
    } catch (error) {
      if (error instanceof RestError && error.status === 409) {
        const current = await carts.view(cart);
        error.data.cart = await viewCart(current);
        sessions.sendHeaders(request, response, cart, false);
      }
      throw error;
    }
    const refreshCookie = cart.credential === 'none' || (options.change && cart.credential === 'cart_cookie');
    sessions.sendHeaders(request, response, cart, refreshCookie);
    response.code(options.status ?? 200);
    return viewCart(computed);
  };

  // WooCommerce registers every Store API route under `wc/store/v1` and the alias `wc/store`.
  for (const prefix of ['/wc/store/v1', '/wc/store']) {
    app.get(
      `${prefix}/cart`,
      {
        config: { auth: PUBLIC },
        schema: { tags: TAGS, summary: 'The current cart.', response: { 200: CartSchema } },
      },
      (request, response) => reply(request, response, (cart) => carts.view(cart), { change: false }),
    );

    app.post(
      `${prefix}/cart/add-item`,
      {
        config: { auth: PUBLIC },
        schema: {
          tags: TAGS,
          summary: 'Add a product (or a variation) to the cart.',
          description: CART_ERROR_NOTE,
          body: AddItemBody,
          response: { 201: CartSchema },
        },
      },
      (request, response) =>
        reply(request, response, (cart) => carts.addItem(cart, request.body), { change: true, status: 201 }),
    );

    app.post(
      `${prefix}/cart/update-item`,
      {
        config: { auth: PUBLIC },
        schema: {
          tags: TAGS,
          summary: 'Change the quantity of a cart line.',
          description: CART_ERROR_NOTE,
          body: UpdateItemBody,
          response: { 200: CartSchema },
        },
      },
      (request, response) =>
        reply(request, response, (cart) => carts.updateItem(cart, request.body), { change: true }),
    );

    app.post(
      `${prefix}/cart/remove-item`,
      {
        config: { auth: PUBLIC },
        schema: {
          tags: TAGS,
          summary: 'Remove a cart line.',
          description: CART_ERROR_NOTE,
          body: RemoveItemBody,
          response: { 200: CartSchema },
        },
      },
      (request, response) =>
        reply(request, response, (cart) => carts.removeItem(cart, request.body.key), { change: true }),
    );

    app.post(
      `${prefix}/cart/apply-coupon`,
      {
        config: { auth: PUBLIC },
        schema: {
          tags: TAGS,
          summary: 'Apply a coupon to the cart.',
          description: CART_ERROR_NOTE,
          body: CouponCodeBody,
          response: { 200: CartSchema },
        },
      },
      (request, response) =>
        reply(request, response, (cart) => carts.applyCoupon(cart, request.body.code), { change: true }),
    );

    app.post(
      `${prefix}/cart/remove-coupon`,
      {
        config: { auth: PUBLIC },
        schema: {
          tags: TAGS,
          summary: 'Remove a coupon from the cart.',
          description: CART_ERROR_NOTE,
          body: CouponCodeBody,
          response: { 200: CartSchema },
        },
      },
      (request, response) =>
        reply(request, response, (cart) => carts.removeCoupon(cart, request.body.code), { change: true }),
    );

    app.post(
      `${prefix}/cart/update-customer`,
      {
        config: { auth: PUBLIC },
        schema: {
          tags: TAGS,
          summary: "Set the customer's address; the shipping rates are recomputed for it.",
          body: UpdateCustomerBody,
          response: { 200: CartSchema },
        },
      },
      (request, response) =>
        reply(
          request,
          response,
          (cart) =>
            carts.updateCustomer(cart, {
              billing: request.body.billing_address,
              shipping: request.body.shipping_address,
            }),
          { change: true },
        ),
    );

    app.post(
      `${prefix}/cart/select-shipping-rate`,
      {
        config: { auth: PUBLIC },
        schema: {
          tags: TAGS,
          summary: 'Choose the shipping rate of a package.',
          description:
            'A rate the package does not offer: 400 `woocommerce_rest_cart_invalid_shipping_rate`.',
          body: SelectShippingRateBody,
          response: { 200: CartSchema },
        },
      },
      (request, response) =>
        reply(
          request,
          response,
          (cart) =>
            carts.selectShippingRate(cart, {
              packageId: request.body.package_id,
              rateId: request.body.rate_id,
            }),
          { change: true },
        ),
    );

    app.post(
      `${prefix}/cart/extensions`,
      {
        config: { auth: PUBLIC },
        schema: {
          tags: TAGS,
          summary: "Run an extension's cart update callback (by namespace) and answer the cart.",
          description: `Unknown namespace: 400 \`woocommerce_rest_cart_extensions_error\`. ${CART_ERROR_NOTE}`,
          body: CartExtensionsBody,
          response: { 200: CartSchema },
        },
      },
      (request, response) =>
        reply(
          request,
          response,
          async (cart) => {
            const callback = extensions.updateCallback(request.body.namespace);
            const current = await carts.view(cart);
            await callback({ data: request.body.data, cart: current.cart, viewer: request.principal });
            return carts.view(cart);
          },
          { change: true },
        ),
    );
  }
}

/**
 * Runs `action`; a browser whose cart cookie points at a guest cart already merged at login silently starts a
 * new cart (only a Cart-Token header gets the stale-token error, an API client can act on it).
 */
async function runOnLiveSession(
  cart: RequestCart,
  action: (cart: RequestCart) => Promise<ComputedCart>,
  replaced: (cart: RequestCart) => void,
): Promise<ComputedCart> {
  try {
    return await action(cart);
  } catch (error) {
    if (!(error instanceof RestError) || error.code !== 'woocommerce_rest_cart_token_invalid') throw error;
    if (cart.credential !== 'cart_cookie') throw error;
    const fresh: RequestCart = { ...cart, sessionId: newGuestSessionId(), credential: 'none' };
    replaced(fresh);
    return action(fresh);
  }
}
