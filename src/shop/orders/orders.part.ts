import { toDbTime } from '../../platform/db/sql-helpers.js';
import * as orderNotesMigration from '../migrations/2026-11-25T17-40-order-notes.js';
import * as orderSearchMigration from '../migrations/2026-11-25T19-50-order-search.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerOrderNoteRoutes } from './order-notes.routes.js';
import { noteStatusChange } from './order-notes.service.js';
import { demoOrdersStep } from './orders.demo.js';
import { registerOrderRoutes } from './orders.routes.js';
import { OrdersService } from './orders.service.js';
import { RefundsService } from './refunds.service.js';

/** Orders, refunds and order notes: `wc/v3/orders…` routes and the ShopApi order functions. */
export function ordersPart(ctx: ShopContext): ShopPart & { orders: OrdersService; refunds: RefundsService } {
  const orders = new OrdersService(ctx);
  const refunds = new RefundsService(ctx, orders);
  return {
    name: 'orders',
    orders,
    refunds,
    migrations: {
      '2026-11-25T17-40-order-notes': orderNotesMigration,
      '2026-11-25T19-50-order-search': orderSearchMigration,
    },
    // Orders placed before the search-term table get their terms once.
    setup: () => orders.indexSearchTermsOnce(),
    routes(app) {
      registerOrderRoutes(app, { ctx, orders, refunds });
      registerOrderNoteRoutes(app, ctx);
    },
    subscribers() {
      // The shop's own note on every status change, in the transaction that changed it (as WooCommerce does).
      ctx.events.on('order.status_changed', ({ order, from, to }, { db }) =>
        noteStatusChange(ctx, db, { orderId: order.id, from, to }),
      );
    },
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
