import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { OrderStatusSchema, OrderTotalSchema } from './order-reports.schemas.js';
import { orderStatusTransitions, orderTotals } from './order-reports.service.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: orders'];

/** `GET /wc/v3/reports/orders/totals` (orders per status) and `GET /wc/v3/order-statuses` (allowed transitions). */
export function registerOrderReportRoutes(app: RestApp, ctx: ShopContext): void {
  app.get(
    '/wc/v3/reports/orders/totals',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'How many orders are in each status (WooCommerce shape; trashed orders left out).',
        response: { 200: Type.Array(OrderTotalSchema) },
      },
    },
    async () => orderTotals(ctx.db),
  );
  app.get(
    '/wc/v3/order-statuses',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          'Every order status with the statuses the shop lets an order in it move to, as the admin order screen offers them (Storeside addition).',
        response: { 200: Type.Array(OrderStatusSchema) },
      },
    },
    async () => orderStatusTransitions(),
  );
}
