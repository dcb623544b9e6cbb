import { listUsers } from '../../platform/auth/users.repository.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import type { OrderStatus } from '../shop-api.js';
import type { DemoStep, ShopContext } from '../shop-part.js';
import { createAdminOrder } from './admin-orders.service.js';
import { updateOrderRow } from './orders.repository.js';
import type { OrdersService } from './orders.service.js';
import type { RefundsService } from './refunds.service.js';

const SEEDED_OPTION = 'shop_demo_orders_seeded';
const GUESTS = [
  { first_name: 'Maya', last_name: 'Okafor', email: 'maya.okafor@example.com' },
  { first_name: 'Lukas', last_name: 'Berg', email: 'lukas.berg@example.com' },
];

/** What one demo order looks like: its final status, age, product picks and extras. */
interface DemoOrderPlan {
  status: OrderStatus | 'partly-refunded';
  daysAgo: number;
  picks: Array<[index: number, quantity: number]>;
  coupon?: string;
  payment: 'cod' | 'bacs';
}

const PLAN: DemoOrderPlan[] = [
  {
    status: 'completed',
    daysAgo: 27,
    picks: [
      [0, 1],
      [3, 2],
    ],
    payment: 'cod',
  },
  { status: 'completed', daysAgo: 22, picks: [[1, 1]], coupon: 'welcome10', payment: 'cod' },
  {
    status: 'partly-refunded',
    daysAgo: 18,
    picks: [
      [2, 2],
      [5, 1],
    ],
    payment: 'cod',
  },
  { status: 'refunded', daysAgo: 15, picks: [[4, 1]], payment: 'bacs' },
  { status: 'cancelled', daysAgo: 11, picks: [[6, 1]], payment: 'bacs' },
  { status: 'failed', daysAgo: 8, picks: [[7, 1]], payment: 'bacs' },
  {
    status: 'completed',
    daysAgo: 6,
    picks: [
      [0, 1],
      [8, 1],
      [9, 1],
    ],
    coupon: 'welcome10',
    payment: 'cod',
  },
  { status: 'on-hold', daysAgo: 3, picks: [[2, 1]], payment: 'bacs' },
  {
    status: 'processing',
    daysAgo: 2,
    picks: [
      [1, 2],
      [10, 1],
    ],
    payment: 'cod',
  },
  { status: 'processing', daysAgo: 1, picks: [[11, 1]], payment: 'cod' },
  { status: 'pending', daysAgo: 0, picks: [[3, 1]], payment: 'bacs' },
];

/**
 * `storeside demo` step: a `WELCOME10` coupon and a dozen orders over the last four weeks in every status
 * (one partly refunded, one refunded, one cancelled), for the demo customers when there are some. Idempotent.
 */
export function demoOrdersStep(ctx: ShopContext, orders: OrdersService, refunds: RefundsService): DemoStep {
  return async ({ print }) => {
    if (await ctx.options.get(SEEDED_OPTION, false)) {
      print('Demo orders: already seeded.');
      return;
    }
    const { items } = await ctx.shop.searchProducts({
      status: 'publish',
      type: 'simple',
      stockStatus: 'instock',
      orderBy: 'id',
      order: 'asc',
      offset: 0,
      limit: 40,
    });
    const products = items.filter((p) => p.purchasable && (!p.manage_stock || (p.stock_quantity ?? 0) >= 10));
    if (products.length === 0) {
      print('Demo orders: no purchasable products yet, skipped.');
      return;
    }
    if (!(await ctx.shop.getCoupon('welcome10')))
      await ctx.shop.createCoupon({
        code: 'welcome10',
        discount_type: 'percent',
        amount: 10,
        description: 'Demo: 10 % off for new customers.',
      });
    const { rows: customers } = await listUsers(ctx.db, { role: 'customer', offset: 0, limit: 20 });
    const now = ctx.clock.now().getTime();
    const counts = new Map<string, number>();
    for (const [n, plan] of PLAN.entries()) {
      const customer = customers.length > 0 && n % 4 !== 3 ? customers[n % customers.length] : null;
      const guest = GUESTS[n % GUESTS.length]!;
      const created = await createAdminOrder(ctx, orders, {
        status: plan.status === 'partly-refunded' || plan.status === 'refunded' ? 'completed' : plan.status,
        customerId: customer?.id ?? 0,
        billing: customer
          ? {
              first_name: customer.first_name,
              last_name: customer.last_name,
              email: customer.email,
              country: 'US',
            }
          : { ...guest, country: 'DE' },
        paymentMethod: plan.payment,
        lineItems: plan.picks.map(([index, quantity]) => ({
          product_id: products[index % products.length]!.id,
          quantity,
        })),
        couponLines: plan.coupon ? [{ code: plan.coupon }] : [],
        meta: [{ key: '_demo', value: true }],
      });
      if (plan.status === 'partly-refunded')
        await refunds.create(created.id, {
          amount: Math.floor(created.total / 4),
          reason: 'One item arrived damaged.',
          restock: false,
          refundedBy: null,
        });
      if (plan.status === 'refunded')
        await orders.update(created.id, { status: 'refunded' }, (trx, order) =>
          refunds.refundRemaining(trx, order, null),
        );
      const at = toDbTime(new Date(now - plan.daysAgo * 86_400_000 - n * 3_600_000));
      await updateOrderRow(ctx.db, created.id, {
        created_at: at,
        updated_at: at,
        ...(created.date_paid ? { paid_at: at } : {}),
        ...(created.date_completed ? { completed_at: at } : {}),
      });
      counts.set(plan.status, (counts.get(plan.status) ?? 0) + 1);
    }
    await ctx.options.set(SEEDED_OPTION, true);
    print(
      `Demo orders: ${PLAN.length} orders (${[...counts].map(([status, count]) => `${count} ${status}`).join(', ')}) and coupon WELCOME10.`,
    );
  };
}
