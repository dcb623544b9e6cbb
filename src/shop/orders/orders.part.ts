import { toDbTime } from '../../platform/db/sql-helpers.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { demoOrdersStep } from './orders.demo.js';
import { registerOrderRoutes } from './orders.routes.js';
import { OrdersService } from './orders.service.js';
import { RefundsService } from './refunds.service.js';

/** Orders and refunds: `wc/v3/orders…` routes and the ShopApi order functions. */
export function ordersPart(ctx: ShopContext): ShopPart & { orders: OrdersService; refunds: RefundsService } {
  const orders = new OrdersService(ctx);
  const refunds = new RefundsService(ctx, orders);
  return {
    name: 'orders',
    orders,
    refunds,
    routes: (app) => registerOrderRoutes(app, { ctx, orders, refunds }),
    demo: demoOrdersStep(ctx, orders, refunds),
    api: {
      getOrder: (id, db = ctx.db) => orders.get(id, db),
      async findOrders(query, db = ctx.db) {
        const after = query.createdAfter ? new Date(normalizeIso(query.createdAfter)) : null;
        const { items } = await orders.list(
          {
            customerId: query.customerId,
            billingEmail: query.billingEmail,
            statuses: query.statuses,
            createdAfter: after && !Number.isNaN(after.getTime()) ? toDbTime(after) : undefined,
            offset: 0,
            limit: query.limit ?? 100,
          },
          db,
        );
        return items;
      },
      setOrderMeta: (orderId, key, value, db = ctx.db) => orders.setMeta(orderId, key, value, db),
    },
  };
}

/** `YYYY-MM-DD HH:MM:SS` or ISO without zone → ISO in UTC. */
function normalizeIso(value: string): string {
  return /(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
}
