import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import { gatewayView } from './payment-gateway-view.js';
import { GatewayIdParams, GatewayUpdateBody, PaymentGatewaySchema } from './payment-gateways.schemas.js';
import type { PaymentGateways } from './payment-gateways.service.js';

const AUTH = { access: 'capability', capability: 'manage_woocommerce', nonce: 'cookie' } as const;
const TAGS = ['shop: payment gateways'];

/** `wc/v3/payment_gateways` (list, read, update) for shop managers. */
export function registerPaymentGatewayRoutes(
  app: RestApp,
  deps: { ctx: ShopContext; gateways: PaymentGateways },
): void {
  const { ctx, gateways } = deps;
  const view = (state: Parameters<typeof gatewayView>[0]) => gatewayView(state, ctx.config.publicUrl);

  app.get(
    '/wc/v3/payment_gateways',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'List the payment gateways in their checkout order (secrets masked).',
        response: { 200: Type.Array(PaymentGatewaySchema) },
      },
    },
    async () => (await gateways.list()).map(view),
  );

  app.get(
    '/wc/v3/payment_gateways/:id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Read a payment gateway (secrets masked).',
        params: GatewayIdParams,
        response: { 200: PaymentGatewaySchema },
      },
    },
    async (request) => view(await gateways.get(request.params.id)),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/wc/v3/payment_gateways/:id',
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          'Update a payment gateway: enabled, title, description, order and settings (a masked secret sent back is kept).',
        params: GatewayIdParams,
        body: GatewayUpdateBody,
        response: { 200: PaymentGatewaySchema },
      },
      handler: async (request) => {
        const { id } = request.params as { id: string };
        return view(await gateways.update(id, request.body as Parameters<PaymentGateways['update']>[1]));
      },
    });
  }
}
