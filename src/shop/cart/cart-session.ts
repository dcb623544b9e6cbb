import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth/principal.js';
import { RestError, UnauthorizedError } from '../../platform/http/errors.js';
import type { ShopContext } from '../shop-part.js';
import type { CartSession } from './cart.service.js';
import { CART_TOKEN_TTL_SECONDS, type CartTokens, newGuestSessionId, userSessionId } from './cart-token.js';

/** Name of the HttpOnly cookie carrying a browser's guest Cart-Token. */
export const CART_COOKIE = 'storeside_cart';

/** How the caller's cart was found: which credential carried it decides whether a nonce is needed. */
export type CartCredential = 'cart_token' | 'cart_cookie' | 'user_cookie' | 'user_credential' | 'none';

/** The cart session of a Store API request. */
export interface RequestCart extends CartSession {
  credential: CartCredential;
}

/** Finds and checks cart sessions of Store API requests (Cart-Token header, cart cookie, or the logged-in user). */
export class CartSessions {
  constructor(
    private readonly ctx: ShopContext,
    private readonly tokens: CartTokens,
  ) {}

  /** The platform's cart-session resolver: a valid Cart-Token header, else a valid cart cookie (guests only). */
  readonly resolve = (request: FastifyRequest): string | null => {
    const now = this.ctx.clock.now();
    const header = request.headers['cart-token'];
    if (typeof header === 'string' && header !== '') {
      const checked = this.tokens.verify(header, now);
      return 'sessionId' in checked ? checked.sessionId : null;
    }
    const cookie = request.cookies[CART_COOKIE];
    if (!cookie) return null;
    const checked = this.tokens.verify(cookie, now);
    return 'sessionId' in checked ? checked.sessionId : null;
  };

  /**
   * The cart session of a request: the user's own cart, the guest session of a valid Cart-Token or cart cookie,
   * or a new guest session. A Cart-Token header that is not valid is a 401 (nothing is changed).
   */
  forRequest(request: FastifyRequest): RequestCart {
    const principal = request.principal;
    if (principal.kind === 'user') {
      return {
        sessionId: userSessionId(principal.user.id),
        userId: principal.user.id,
        userEmail: principal.user.email,
        credential: principal.via === 'cookie' ? 'user_cookie' : 'user_credential',
      };
    }
    const header = request.headers['cart-token'];
    if (typeof header === 'string' && header !== '') {
      const checked = this.tokens.verify(header, this.ctx.clock.now());
      if ('problem' in checked) throw invalidTokenError(checked.problem);
      return { sessionId: checked.sessionId, userId: null, userEmail: null, credential: 'cart_token' };
    }
    if (principal.kind === 'cart')
      return { sessionId: principal.cartSessionId, userId: null, userEmail: null, credential: 'cart_cookie' };
    return { sessionId: newGuestSessionId(), userId: null, userEmail: null, credential: 'none' };
  }

  /**
   * The Store API's CSRF rule for changes: a cart or login carried by a cookie needs a `Nonce` (wc_store_api) or
   * `X-WP-Nonce` (wp_rest) header; a Cart-Token header, an application password or a new session do not.
   * Missing → 401 `woocommerce_rest_missing_nonce`, invalid → 403 `woocommerce_rest_invalid_nonce`.
   */
  checkNonce(request: FastifyRequest, cart: RequestCart): void {
    if (cart.credential !== 'cart_cookie' && cart.credential !== 'user_cookie') return;
    const subject = this.ctx.auth.nonceSubject(request.principal);
    const storeNonce = request.headers.nonce;
    const query = request.query as Record<string, unknown> | undefined;
    const wpNonce = request.headers['x-wp-nonce'] ?? query?._wpnonce;
    if (typeof storeNonce === 'string' && storeNonce !== '') {
      if (this.ctx.nonces.verify(storeNonce, subject, 'wc_store_api') === 0) throw invalidNonce();
      return;
    }
    if (typeof wpNonce === 'string' && wpNonce !== '') {
      if (this.ctx.nonces.verify(wpNonce, subject) === 0) throw invalidNonce();
      return;
    }
    throw new UnauthorizedError(
      'woocommerce_rest_missing_nonce',
      'Missing the Nonce header. This endpoint requires a valid nonce (or a Cart-Token header).',
    );
  }

  /**
   * The Store API response headers: `Cart-Token` (guests, re-signed), `Nonce`, `Nonce-Timestamp`, `User-ID`; with
   * `setCookie`, also the guest's HttpOnly cart cookie carrying the same token (new sessions, changes made by a
   * cookie-carried cart so an active browser cart does not expire, restore links).
   */
  sendHeaders(request: FastifyRequest, reply: FastifyReply, cart: CartSession, setCookie: boolean): void {
    const now = this.ctx.clock.now();
    const principal: Principal =
      cart.userId === null ? { kind: 'cart', cartSessionId: cart.sessionId } : request.principal;
    reply.header('Nonce', this.ctx.nonces.create(this.ctx.auth.nonceSubject(principal), 'wc_store_api'));
    reply.header('Nonce-Timestamp', String(Math.floor(now.getTime() / 1000)));
    reply.header('User-ID', String(cart.userId ?? 0));
    if (cart.userId !== null) return;
    const token = this.tokens.sign(cart.sessionId, now);
    reply.header('Cart-Token', token);
    reply.header(
      'Access-Control-Expose-Headers',
      'X-WP-Total, X-WP-TotalPages, Link, Cart-Token, Nonce, Nonce-Timestamp, User-ID',
    );
    if (setCookie) this.setCookie(reply, token);
  }

  /** Sets the guest cart cookie carrying `token`. */
  setCookie(reply: FastifyReply, token: string): void {
    reply.setCookie(CART_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.ctx.config.publicUrl.startsWith('https:'),
      maxAge: CART_TOKEN_TTL_SECONDS,
    });
  }

  /** The guest session of a request's Cart-Token header or cart cookie (valid ones only). */
  guestSessionOf(request: FastifyRequest): string | null {
    return this.resolve(request);
  }
}

function invalidTokenError(problem: 'malformed' | 'signature' | 'expired'): RestError {
  const why =
    problem === 'expired'
      ? 'has expired (Cart-Tokens last 48 hours)'
      : problem === 'signature'
        ? 'has an invalid signature'
        : 'is malformed';
  return new RestError(
    'woocommerce_rest_cart_token_invalid',
    `The Cart-Token ${why}. Drop the Cart-Token header to start a new cart.`,
    401,
  );
}

function invalidNonce(): RestError {
  return new RestError('woocommerce_rest_invalid_nonce', 'Nonce is invalid.', 403);
}
