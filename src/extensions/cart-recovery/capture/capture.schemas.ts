import { Type } from '@sinclair/typebox';

/** Body of `POST /capture`. */
export const CaptureBody = Type.Object(
  {
    email: Type.Optional(
      Type.String({ maxLength: 254, description: 'The shopper’s address (required with consent).' }),
    ),
    consent: Type.Boolean({
      description: 'true captures or updates; false withdraws and deletes the capture.',
    }),
    cart: Type.Union(
      [Type.Object({}, { additionalProperties: true }), Type.Array(Type.Unknown(), { maxItems: 100 })],
      {
        description:
          'The client cart (fallback when the shopper has no server cart): items with product_id, variation_id, quantity.',
      },
    ),
    source: Type.Union([Type.Literal('classic'), Type.Literal('block')]),
    session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    capture_token: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'Ownership proof returned at creation.' }),
    ),
  },
  { additionalProperties: false },
);

/** 201 reply: a new capture (the token is shown only here). */
export const CaptureCreated = Type.Object({
  success: Type.Literal(true),
  session_id: Type.String(),
  capture_token: Type.String(),
});

/** 200 reply: an updated capture, a withdrawal, or capture switched off. */
export const CaptureOk = Type.Object({
  success: Type.Boolean(),
  session_id: Type.Optional(Type.String()),
  deleted: Type.Optional(Type.Boolean()),
  message: Type.Optional(Type.String()),
});
