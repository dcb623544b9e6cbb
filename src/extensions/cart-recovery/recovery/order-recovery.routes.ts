import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { OrderRecoveryParams, OrderRecoverySchema } from './order-recovery.schemas.js';
import { orderRecovery } from './order-recovery.service.js';

/** `GET /orders/{id}/recovery` (shop managers): the abandoned cart an order recovered, for the order screen. */
export function registerOrderRecoveryRoutes(app: RestApp, cr: CartRecovery): void {
  app.get(
    '/cartrecovery/v1/orders/:id/recovery',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags: ['cartrecovery'],
        summary: 'Whether an order recovered an abandoned cart, when, and from which e-mail step.',
        params: OrderRecoveryParams,
        response: { 200: OrderRecoverySchema },
      },
    },
    async (request) => orderRecovery(cr, request.params.id),
  );
}
