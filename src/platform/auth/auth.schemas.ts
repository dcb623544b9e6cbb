import { type Static, Type } from '@sinclair/typebox';

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

/** A user as the users routes answer it (the admin's Users screens read this type). */
export type RestUser = Static<typeof UserSchema>;

/** `/wp/v2/users/me`: the view context by default, plus the edit-context fields with `context=edit`. */
export const UserMeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  link: Type.Optional(Type.String()),
  slug: Type.String(),
  avatar_urls: Type.Optional(Type.Record(Type.String(), Type.String())),
  meta: Type.Optional(Type.Array(Type.Unknown())),
  username: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  first_name: Type.Optional(Type.String()),
  last_name: Type.Optional(Type.String()),
  roles: Type.Optional(Type.Array(Type.String())),
  registered_date: Type.Optional(Type.String()),
  capabilities: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
  extra_capabilities: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
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

/** An application password as the routes list it (the admin's Application Passwords section reads this type). */
export type ApplicationPassword = Static<typeof ApplicationPasswordSchema>;

/** A WooCommerce REST API key as listed (never the key or the secret): WooCommerce's columns. */
export const ApiKeySchema = Type.Object({
  key_id: Type.Integer(),
  user_id: Type.Integer(),
  description: Type.String(),
  permissions: Type.Union([Type.Literal('read'), Type.Literal('write'), Type.Literal('read_write')]),
  truncated_key: Type.String(),
  last_access: Type.Union([Type.String(), Type.Null()]),
  created: Type.String(),
});

/** A REST API key as the routes list it (the admin's "REST API keys" section reads this type). */
export type ApiKey = Static<typeof ApiKeySchema>;

/** A key just created: the consumer key and secret are in this answer only. */
export const CreatedApiKeySchema = Type.Composite([
  ApiKeySchema,
  Type.Object({ consumer_key: Type.String(), consumer_secret: Type.String() }),
]);

/** The created key as the admin app reads it. */
export type CreatedApiKey = Static<typeof CreatedApiKeySchema>;
