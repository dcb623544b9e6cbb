import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { html } from '../../../platform/http/html.js';
import type { RestApp } from '../../../platform/http/server.js';
import type { ExtensionContext } from '../../define-extension.js';
import { redemptionRefusal, updateRedemption } from '../redemption/redemption.service.js';

/** Where the checkout's Apply points / Remove points buttons post without JavaScript. */
export const REDEEM_FORM_PATH = '/loyalty/points/';
/** The nonce action of that form. */
export const REDEEM_FORM_ACTION = 'loyalty-redeem';
/** The query parameter the form's answer carries back to the checkout (`applied`, `removed`, or a refusal). */
export const REDEEM_RESULT_PARAM = 'loyalty_points';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;

/** The checkout form's nonce field of the points widget, for the request's visitor. */
export function redeemFormNonce(ctx: ExtensionContext, request: FastifyRequest): string {
  return ctx.nonces.create(ctx.auth.nonceSubject(request.principal), REDEEM_FORM_ACTION);
}

/**
 * `POST /loyalty/points/`: the points widget without JavaScript. Its buttons post the whole checkout form here
 * (`formaction`); the redemption is applied or removed and the browser goes back to `/checkout/` with the result,
 * which the notices part shows. Not logged in: 401, a stale form: 403 (pages in the shop's layout).
 */
export function registerRedeemForm(app: RestApp, ctx: ExtensionContext): void {
  app.post(
    REDEEM_FORM_PATH,
    {
      config: PUBLIC_PAGE,
      schema: {
        hide: true,
        body: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 1000 }), {
          maxProperties: 100,
        }),
      },
    },
    async (request, reply) => {
      const form = request.body as Record<string, string>;
      const viewer = request.principal;
      if (viewer.kind !== 'user')
        return ctx.shop.sendStorefrontPage(request, reply, {
          title: 'Log in to use your points',
          status: 401,
          body: html`<h1>Log in to use your points</h1><p><a href="/my-account/?redirect_to=%2Fcheckout%2F">Log in</a>, then apply your points at checkout.</p>`,
        });
      const nonce = form.loyalty_nonce;
      if (!nonce || ctx.nonces.verify(nonce, ctx.auth.nonceSubject(viewer), REDEEM_FORM_ACTION) === 0)
        return ctx.shop.sendStorefrontPage(request, reply, {
          title: 'The page has expired',
          status: 403,
          body: html`<h1>The page has expired</h1><p>Your points were not changed. <a href="/checkout/">Back to checkout</a></p>`,
        });
      const action = form.loyalty_action === 'remove' ? 'remove' : 'apply';
      let result: string = action === 'remove' ? 'removed' : 'applied';
      try {
        await updateRedemption(ctx, viewer, { action, points: form.loyalty_points ?? '' });
      } catch (error) {
        const refusal = await redemptionRefusal(ctx, viewer, error, form.loyalty_points);
        if (!refusal) throw error;
        result = refusal;
      }
      return reply.redirect(`/checkout/?${REDEEM_RESULT_PARAM}=${result}`, 303);
    },
  );
}
