import type { ExtensionContext } from '../../define-extension.js';
import { NotFoundError } from '../../../platform/http/errors.js';
import { accountBalances, orderLedgerSums } from './order-points.repository.js';
import { wholePoints } from '../ledger/points.js';

/** What an order did to its customer's points, as `GET /orders/{id}/points` shows it (whole points). */
export interface OrderPointsView {
  order_id: number;
  customer_id: number;
  earned: number;
  redeemed: number;
  clawed_back: number;
  returned: number;
}

/**
 * An order's points: earned (credit on the order), redeemed (debit on the order), clawed back after refunds
 * (debit on the refund) and redeemed points given back (credit on the refund). 404 for an unknown order.
 */
export async function orderPointsSummary(ctx: ExtensionContext, orderId: number): Promise<OrderPointsView> {
  const order = await ctx.shop.getOrder(orderId);
  if (!order)
    throw new NotFoundError('loyalty_order_not_found', 'Order not found.', { params: { id: orderId } });
  const sums = await orderLedgerSums(ctx.db, orderId);
  const sum = (referenceType: string, transactionType: string) =>
    wholePoints(
      sums.find((s) => s.referenceType === referenceType && s.transactionType === transactionType)?.amount ??
        0,
    );
  return {
    order_id: order.id,
    customer_id: order.customer_id,
    earned: sum('order', 'credit'),
    redeemed: sum('order', 'debit'),
    clawed_back: sum('refund', 'debit'),
    returned: sum('refund', 'credit'),
  };
}

/** The balance (whole points) and tier of each given customer; customers without an account have 0. */
export async function balancesOf(
  ctx: ExtensionContext,
  userIds: readonly number[],
): Promise<Array<{ user_id: number; balance: number; tier: string }>> {
  const accounts = new Map((await accountBalances(ctx.db, userIds)).map((a) => [a.user_id, a]));
  return [...new Set(userIds)].map((id) => {
    const account = accounts.get(id);
    return { user_id: id, balance: wholePoints(account?.balance ?? 0), tier: account?.tier ?? '' };
  });
}
