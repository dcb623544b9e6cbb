import { Type } from '@sinclair/typebox';
import { WcSettingSchema } from '../settings/wc-setting.schemas.js';

/** A payment gateway as `wc/v3/payment_gateways` answers it (secrets masked). */
export const PaymentGatewaySchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  order: Type.Integer(),
  enabled: Type.Boolean(),
  method_title: Type.String(),
  method_description: Type.String(),
  method_supports: Type.Array(Type.String()),
  settings: Type.Record(Type.String(), WcSettingSchema),
  _links: Type.Record(Type.String(), Type.Array(Type.Object({ href: Type.String() }))),
});

/** `{id}` of a gateway route. */
export const GatewayIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 60 }) });

/** `PUT /wc/v3/payment_gateways/{id}` (WooCommerce's fields; settings by key, values as strings). */
export const GatewayUpdateBody = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  settings: Type.Optional(
    Type.Record(Type.String({ maxLength: 60 }), Type.Union([Type.String(), Type.Boolean(), Type.Number()])),
  ),
});
