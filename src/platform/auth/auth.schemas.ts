import { Type } from '@sinclair/typebox';

/** A user as `/wp/v2/users` shows it in the edit context. */
export const UserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  slug: Type.String(),
  roles: Type.Array(Type.String()),
  registered_date: Type.String(),
  capabilities: Type.Record(Type.String(), Type.Boolean()),
  extra_capabilities: Type.Record(Type.String(), Type.Boolean()),
});

/** Error body of every route (WordPress shape). */
export const ErrorSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  data: Type.Object({ status: Type.Integer() }, { additionalProperties: true }),
});

/** An application password without its secret. */
export const ApplicationPasswordSchema = Type.Object({
  uuid: Type.String(),
  app_id: Type.String(),
  name: Type.String(),
  created: Type.String(),
  last_used: Type.Union([Type.String(), Type.Null()]),
  last_ip: Type.Union([Type.String(), Type.Null()]),
});
