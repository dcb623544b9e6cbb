import type { Static } from '@sinclair/typebox';
import { toIsoNoZone } from '../../../platform/db/sql-helpers.js';
import { NotFoundError } from '../../../platform/http/errors.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { findSessionByOrderId } from '../sessions/sessions.repository.js';
import type { OrderRecoverySchema } from './order-recovery.schemas.js';

/** The session an order closed (recovered or converted), for the order screen; 404 for an unknown order. */
export async function orderRecovery(
  cr: CartRecovery,
  orderId: number,
): Promise<Static<typeof OrderRecoverySchema>> {
  const order = await cr.ctx.shop.getOrder(orderId);
  if (!order)
    throw new NotFoundError('cartrecovery_order_not_found', 'Order not found.', { params: { id: orderId } });
  const session = await findSessionByOrderId(cr.ctx.db, orderId);
  return {
    order_id: orderId,
    recovered: session?.status === 'recovered',
    session_id: session?.session_id ?? null,
    status: session?.status ?? null,
    abandoned_at: toIsoNoZone(session?.abandoned_at ?? null),
    recovered_at: toIsoNoZone(session?.recovered_at ?? null),
    // Stored as 0 when the order came back before any e-mail was sent.
    recovered_step: session?.recovered_step || null,
    attribution_source: session?.attribution_source ?? null,
  };
}
