import { Type } from '@sinclair/typebox';

/** `POST /wc/v3/payment_gateways/stripe/connection`: the key to check (the stored one when left out or masked). */
export const StripeConnectionBody = Type.Object({
  secret_key: Type.Optional(Type.String({ maxLength: 255 })),
});

/** What the check answers: whether Stripe took the key, and the account it belongs to (never the key itself). */
export const StripeConnectionSchema = Type.Object({
  connected: Type.Boolean(),
  /** `test` or `live`, from the key's prefix. */
  mode: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  /** The key checked, masked as the gateway's settings show it. */
  key: Type.String(),
  account: Type.Union([
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      country: Type.String(),
      default_currency: Type.String(),
      charges_enabled: Type.Boolean(),
    }),
    Type.Null(),
  ]),
  /** Why Stripe refused the key (`code` is Stripe's, or `invalid_api_key` for a 401). */
  error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
});
