import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth/principal.js';
import { findUserById } from '../../platform/auth/users.repository.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import * as ordersMigration from '../migrations/2026-11-22T07-10-orders.js';
import type { ShopApi, ShopCart } from '../shop-api.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { deleteStaleGuestCarts, findCartRow } from './cart.repository.js';
import { registerCartRoutes } from './cart.routes.js';
import { type CartSession, CartService } from './cart.service.js';
import { CartExtensions } from './cart-extensions.js';
import { CART_COOKIE, CartSessions, type RequestCart } from './cart-session.js';
import { CartTokens, newGuestSessionId, userSessionId } from './cart-token.js';
import { type CartViewer, cartView } from './cart-view.js';

const GUEST_CART_RETENTION_DAYS = 7;

/** The cart part of the shop: Store API carts, the cart-session resolver, guest-cart merge at login. */
export function cartPart(
  ctx: ShopContext,
  deps: { paymentMethods: () => Promise<string[]> },
): ShopPart & {
  carts: CartService;
  sessions: CartSessions;
  extensions: CartExtensions;
  viewCart: CartViewer;
} {
  const tokens = new CartTokens(ctx.config.secret);
  const sessions = new CartSessions(ctx, tokens);
  const carts = new CartService(ctx);
  const extensions = new CartExtensions();
  ctx.auth.setCartSessionResolver(sessions.resolve);
  const viewCart: CartViewer = async (computed) =>
    cartView(computed, ctx.shop.currency, {
      extensions: await extensions.dataFor(computed.cart),
      paymentMethods: await deps.paymentMethods(),
    });

  /** The session behind a stored cart id (its user's e-mail looked up for coupon rules). */
  const sessionOf = async (sessionId: string): Promise<CartSession | null> => {
    const row = await findCartRow(ctx.db, sessionId);
    if (!row || row.mergedInto) return null;
    const user = row.userId === null ? null : await findUserById(ctx.db, row.userId);
    return { sessionId, userId: row.userId, userEmail: user?.email ?? null };
  };

  const api: Partial<ShopApi> = {
    async getCartForPrincipal(principal: Principal): Promise<ShopCart | null> {
      if (principal.kind === 'anonymous') return null;
      const id = principal.kind === 'user' ? userSessionId(principal.user.id) : principal.cartSessionId;
      const session = await sessionOf(id);
      return session ? (await carts.compute(session, await findCartRow(ctx.db, id), ctx.db)).cart : null;
    },
    async getCart(cartSessionId) {
      const session = await sessionOf(cartSessionId);
      return session
        ? (await carts.compute(session, await findCartRow(ctx.db, cartSessionId), ctx.db)).cart
        : null;
    },
    async recalculateCart(cartSessionId) {
      const session = (await sessionOf(cartSessionId)) ?? {
        sessionId: cartSessionId,
        userId: null,
        userEmail: null,
      };
      return carts.recalculate(session);
    },
    registerCartExtension(namespace, provider) {
      extensions.register(namespace, provider);
    },
    registerCartUpdateCallback(namespace, callback) {
      extensions.registerUpdateCallback(namespace, callback);
    },
    async restoreCartForBrowser(input: {
      request: FastifyRequest;
      reply: FastifyReply;
      items: Array<{ productId: number; variationId?: number; quantity: number }>;
      couponCode?: string;
      billingEmail?: string;
    }) {
      const principal = input.request.principal;
      let session: RequestCart =
        principal.kind === 'user'
          ? {
              sessionId: userSessionId(principal.user.id),
              userId: principal.user.id,
              userEmail: principal.user.email,
              credential: 'user_cookie',
            }
          : {
              sessionId: sessions.guestSessionOf(input.request) ?? newGuestSessionId(),
              userId: null,
              userEmail: null,
              credential: 'cart_cookie',
            };
      const restore = (s: CartSession) =>
        carts.replaceItems(s, {
          items: input.items,
          couponCode: input.couponCode,
          billingEmail: input.billingEmail,
        });
      let computed: Awaited<ReturnType<typeof restore>>;
      try {
        computed = await restore(session);
      } catch (error) {
        if ((error as { code?: string }).code !== 'woocommerce_rest_cart_token_invalid') throw error;
        session = { ...session, sessionId: newGuestSessionId(), credential: 'none' };
        computed = await restore(session);
      }
      sessions.sendHeaders(input.request, input.reply, session, true);
      return computed.cart;
    },
  };

  return {
    name: 'cart',
    // The tables of carts, coupons and orders land together (one frozen migration).
    migrations: { '2026-11-22T07-10-orders': ordersMigration },
    carts,
    sessions,
    extensions,
    viewCart,
    api,
    routes: (app) => registerCartRoutes(app, { carts, sessions, extensions, viewCart }),
    subscribers() {
      ctx.events.on('user.logged_in', async ({ userId, request, reply }) => {
        const guest = sessions.guestSessionOf(request);
        if (!guest) return;
        const user = await findUserById(ctx.db, userId);
        try {
          await carts.mergeGuestCart(guest, {
            sessionId: userSessionId(userId),
            userId,
            userEmail: user?.email ?? null,
          });
        } catch (error) {
          // A cart problem must never stop a login; the guest cart stays where it was.
          ctx.logger.error({ err: error, guest }, 'merging the guest cart at login failed');
          return;
        }
        if (request.cookies[CART_COOKIE]) reply.clearCookie(CART_COOKIE, { path: '/' });
      });
    },
    jobs: () => ({
      'shop.purge_guest_carts': async () => {
        const before = new Date(ctx.clock.now().getTime() - GUEST_CART_RETENTION_DAYS * 86_400_000);
        await deleteStaleGuestCarts(ctx.db, toDbTime(before));
      },
    }),
    setup: async () => {
      await ctx.jobs.scheduleRecurring({ hook: 'shop.purge_guest_carts', dailyAt: '03:30' });
    },
  };
}
