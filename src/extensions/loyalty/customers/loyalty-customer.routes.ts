import type { ExtensionContext } from '../../define-extension.js';
import type { AuthPolicy } from '../../../platform/auth/principal.js';
import { pageWindow, setPaginationHeaders } from '../../../platform/http/collection.js';
import type { RestApp } from '../../../platform/http/server.js';
import { customerView } from './loyalty-customer.service.js';
import { MeQuery, MeResult, RedeemBody, RedeemResult, RemoveRedemptionResult } from '../loyalty.schemas.js';
import { applyRedemption, removeRedemption } from '../redemption/redemption.service.js';

const CUSTOMER_OR_CART: AuthPolicy = { access: 'session', nonce: 'always' };
const tags = ['loyalty'];

/** Customer routes of `loyalty/v1`: redemption on the caller's cart, and the caller's own loyalty view. */
export function loyaltyCustomerRoutes(app: RestApp, ctx: ExtensionContext): void {
  app.post(
    '/loyalty/v1/redeem',
    {
      config: { auth: CUSTOMER_OR_CART },
      schema: {
        tags,
        summary: "Applies a points redemption to the caller's cart (logged-in user or Cart-Token session).",
        body: RedeemBody,
        response: { 200: RedeemResult },
      },
    },
    async (request) => applyRedemption(ctx, request.principal, request.body.points),
  );

  app.delete(
    '/loyalty/v1/redeem',
    {
      config: { auth: CUSTOMER_OR_CART },
      schema: {
        tags,
        summary: "Removes the points redemption from the caller's cart.",
        response: { 200: RemoveRedemptionResult },
      },
    },
    async (request) => {
      await removeRedemption(ctx, request.principal);
      return { success: true, message: 'Redemption removed successfully' };
    },
  );

  app.get(
    '/loyalty/v1/me',
    {
      config: { auth: { access: 'user', nonce: 'always' } },
      schema: {
        tags,
        summary: "The caller's balance, tier, referral link and recent history (paginated).",
        querystring: MeQuery,
        response: { 200: MeResult },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 10;
      const userId = request.principal.kind === 'user' ? request.principal.user.id : 0;
      const { view, total } = await customerView(ctx, userId, pageWindow(page, perPage));
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: ctx.config.publicUrl });
      return view;
    },
  );
}
