import type { Static } from '@sinclair/typebox';
import { maskSecret } from './gateway-secrets.js';
import type { PaymentGatewaySchema } from './payment-gateways.schemas.js';
import type { GatewayState } from './payment-gateways.service.js';

/** A gateway in WooCommerce REST shape; secret settings masked, never whole. */
export function gatewayView(state: GatewayState, publicUrl: string): Static<typeof PaymentGatewaySchema> {
  const { gateway } = state;
  const base = `${publicUrl}/wp-json/wc/v3/payment_gateways`;
  return {
    id: gateway.id,
    title: state.title,
    description: state.description,
    order: state.order,
    enabled: state.enabled,
    method_title: gateway.methodTitle,
    method_description: gateway.methodDescription,
    method_supports: [...gateway.supports],
    settings: Object.fromEntries(
      gateway.fields.map((f) => {
        const value = state.settings[f.id] ?? f.default;
        return [
          f.id,
          {
            id: f.id,
            label: f.label,
            description: f.description,
            type: f.type,
            value: f.secret ? maskSecret(value) : value,
            default: f.default,
            tip: f.tip,
            placeholder: f.placeholder,
            ...(f.options ? { options: f.options } : {}),
          },
        ];
      }),
    ),
    _links: { self: [{ href: `${base}/${gateway.id}` }], collection: [{ href: base }] },
  };
}
