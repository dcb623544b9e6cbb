import type { FastifyReply, FastifyRequest } from 'fastify';
import { RestError } from '../../platform/http/errors.js';
import type { ShopContext } from '../shop-part.js';

/** The nonce action of the cart and checkout forms (WooCommerce's `woocommerce-cart` idea, one per visitor). */
export const CART_FORM_ACTION = 'storeside-cart-form';

/** The nonce action of the product page's review form. */
export const REVIEW_FORM_ACTION = 'storeside-review-form';

/** A fresh nonce of a storefront form's `action` for the request's visitor. */
export function formNonce(ctx: ShopContext, request: FastifyRequest, action: string): string {
  return ctx.nonces.create(ctx.auth.nonceSubject(request.principal), action);
}

/** True when a posted form carries this visitor's nonce of `action`. */
export function formNonceValid(
  ctx: ShopContext,
  request: FastifyRequest,
  nonce: unknown,
  action: string,
): boolean {
  return (
    typeof nonce === 'string' &&
    ctx.nonces.verify(nonce, ctx.auth.nonceSubject(request.principal), action) !== 0
  );
}

/** A fresh form nonce for the request's visitor (logged-in user or guest cart). */
export function cartFormNonce(ctx: ShopContext, request: FastifyRequest): string {
  return formNonce(ctx, request, CART_FORM_ACTION);
}

/** True when a posted form carries this visitor's form nonce. */
export function cartFormNonceValid(ctx: ShopContext, request: FastifyRequest, nonce: unknown): boolean {
  return formNonceValid(ctx, request, nonce, CART_FORM_ACTION);
}

/** 303 See Other: after a form post the browser loads the page with GET (no resubmission on reload). */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.redirect(location, 303);
}

/** The largest quantity a storefront form takes for one line. */
export const MAX_QUANTITY = 9999;

/** A form's quantity field as a whole number from 0 to `MAX_QUANTITY`; anything else is a 400 naming `field`. */
export function wholeNumber(value: string, field: string): number {
  if (!/^\d{1,7}$/.test(value.trim()) || Number(value) > MAX_QUANTITY)
    throw new RestError(
      'invalid_quantity',
      `The ${field} must be a whole number from 0 to ${MAX_QUANTITY}.`,
      400,
    );
  return Number(value);
}
