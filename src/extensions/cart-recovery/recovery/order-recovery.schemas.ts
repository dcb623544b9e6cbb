import { Type } from '@sinclair/typebox';

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** `GET /orders/{id}/recovery`: whether an order recovered an abandoned cart, and from which e-mail step. */
export const OrderRecoverySchema = Type.Object({
  order_id: Type.Integer(),
  recovered: Type.Boolean({ description: 'True when the order closed a session after it was abandoned.' }),
  session_id: Type.Union([Type.String(), Type.Null()], {
    description: 'The tracked session the order closed.',
  }),
  status: NullableString,
  abandoned_at: Type.Union([Type.String(), Type.Null()], { description: 'UTC, YYYY-MM-DDTHH:MM:SS.' }),
  recovered_at: NullableString,
  recovered_step: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The e-mail step (1–3) that brought the customer back; null when none had been sent.',
  }),
  attribution_source: Type.Union([Type.String(), Type.Null()], {
    description: 'restore_token, session, coupon or email.',
  }),
});

/** `{id}` path parameter. */
export const OrderRecoveryParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
