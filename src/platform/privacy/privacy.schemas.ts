import { type Static, Type } from '@sinclair/typebox';

/** What one eraser did for a request (kept on the request, shown by the admin screen). */
export const EraserReportSchema = Type.Object({
  id: Type.String(),
  friendly_name: Type.String(),
  items_removed: Type.Boolean(),
  items_retained: Type.Boolean(),
  messages: Type.Array(Type.String()),
});

/** An erasure request as `platform/v1/privacy/erasure-requests` shows it. */
export const ErasureRequestSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('completed')]),
  created_at: Type.String(),
  confirmed_at: Type.Union([Type.String(), Type.Null()]),
  completed_at: Type.Union([Type.String(), Type.Null()]),
  result: Type.Array(EraserReportSchema),
});

/** An erasure request (REST view). */
export type ErasureRequestView = Static<typeof ErasureRequestSchema>;

/** The "Add request" form: a username or e-mail and whether to e-mail a confirmation link. */
export const AddErasureRequestBody = Type.Object(
  {
    username_or_email: Type.String({ minLength: 1, maxLength: 320 }),
    send_confirmation_email: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
