import type { DbOrTrx } from '../../platform/db/database.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { findCartRow, saveCart } from '../cart/cart.repository.js';
import type { CartService } from '../cart/cart.service.js';
import type { OrderRecord } from '../orders/order-records.js';
import type { ShopContext } from '../shop-part.js';

/** Empties the cart an order was placed from once it is paid elsewhere (a redirect gateway kept it until then). */
export async function emptyPaidCart(
  ctx: ShopContext,
  carts: CartService,
  trx: DbOrTrx,
  order: OrderRecord,
): Promise<void> {
  if (!order.cart_session_id) return;
  const stored = await findCartRow(trx, order.cart_session_id, { lock: true });
  if (!stored || stored.contents.items.length === 0) return;
  const session = { sessionId: order.cart_session_id, userId: order.customer_id || null, userEmail: null };
  const emptied = { items: [], coupons: [] };
  const empty = await carts.compute(session, { ...stored, contents: emptied }, trx);
  await saveCart(trx, {
    sessionId: session.sessionId,
    contents: emptied,
    cart: empty.cart,
    now: toDbTime(ctx.clock.now()),
  });
  await ctx.events.emit('cart.updated', { cart: empty.cart }, trx);
}
