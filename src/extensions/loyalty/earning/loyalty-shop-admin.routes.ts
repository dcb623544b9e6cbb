import { Type } from '@sinclair/typebox';
import type { ExtensionContext } from '../../define-extension.js';
import type { RestApp } from '../../../platform/http/server.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { balancesOf, orderPointsSummary } from './order-points.service.js';
import { BalanceSchema, BalancesQuery, OrderPointsSchema } from '../loyalty.schemas.js';

const tags = ['loyalty'];

/** What the shop's admin screens show of loyalty: an order's points and the balances of a page of customers. */
export function loyaltyShopAdminRoutes(app: RestApp, ctx: ExtensionContext): void {
  app.get(
    '/loyalty/v1/orders/:id/points',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: 'Points one order earned, redeemed, had clawed back by refunds and gave back.',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: OrderPointsSchema },
      },
    },
    async (request) => orderPointsSummary(ctx, request.params.id),
  );

  app.get(
    '/loyalty/v1/balances',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: 'The balance and tier of each customer in include (up to 100).',
        querystring: BalancesQuery,
        response: { 200: Type.Array(BalanceSchema) },
      },
    },
    async (request) => balancesOf(ctx, request.query.include.split(',').map(Number)),
  );
}
