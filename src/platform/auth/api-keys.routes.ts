import { Type } from '@sinclair/typebox';
import type { PlatformContext } from '../context.js';
import { NotFoundError, RestError } from '../http/errors.js';
import { DB_INTEGER } from '../http/integer-bounds.js';
import type { RestApp } from '../http/server.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';
import { ApiKeySchema, CreatedApiKeySchema } from './auth.schemas.js';
import { mayManageCredentialsOf } from './user-credentials-access.js';

const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: DB_INTEGER.maximum }) });
const CreateBody = Type.Object({
  description: Type.String({ maxLength: 200 }),
  permissions: Type.Union([Type.Literal('read'), Type.Literal('write'), Type.Literal('read_write')]),
});
const Revoked = Type.Object({ deleted: Type.Boolean(), previous: ApiKeySchema });

/** What each route answers a caller who may not manage that user's keys. */
const REFUSALS = {
  list: ['rest_cannot_list_api_keys', 'Sorry, you are not allowed to list REST API keys for this user.'],
  create: [
    'rest_cannot_create_api_keys',
    'Sorry, you are not allowed to create REST API keys for this user.',
  ],
  delete: ['rest_cannot_delete_api_key', 'Sorry, you are not allowed to revoke this REST API key.'],
} as const;

/**
 * `/platform/v1/users/{id}/api-keys` for the admin app's "REST API keys" section (the user themself, or a caller
 * who may edit that user; a cookie login needs its nonce): list, create (key and secret shown once), revoke.
 */
export function registerApiKeyRoutes(app: RestApp, ctx: PlatformContext): void {
  const auth = { access: 'user', nonce: 'cookie' } as const;
  const base = '/platform/v1/users/:id/api-keys';
  const deps = { db: ctx.db, clock: ctx.clock, secret: ctx.config.secret, secrets: ctx.secrets };

  app.get(
    base,
    {
      config: { auth },
      preValidation: mayManage(ctx, 'list'),
      schema: {
        tags: ['users'],
        summary: "List a user's WooCommerce REST API keys (never the key or the secret).",
        params: UserIdParams,
        response: { 200: Type.Array(ApiKeySchema) },
      },
    },
    async (request) => listApiKeys(ctx.db, request.params.id),
  );
  app.post(
    base,
    {
      config: { auth },
      preValidation: mayManage(ctx, 'create'),
      schema: {
        tags: ['users'],
        summary:
          'Create a REST API key for a user; the consumer key and secret are shown only in this answer.',
        params: UserIdParams,
        body: CreateBody,
        response: { 201: CreatedApiKeySchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (request.body.description.trim() === '')
        throw new RestError('api_key_empty_description', 'A description is required to create a key.', 400, {
          params: { description: 'A description is required.' },
        });
      const created = await createApiKey(deps, { userId: id, ...request.body });
      reply
        .code(201)
        .header(
          'Location',
          `${ctx.config.publicUrl}/wp-json/platform/v1/users/${id}/api-keys/${created.key_id}`,
        );
      return created;
    },
  );
  app.delete(
    `${base}/:key_id`,
    {
      config: { auth },
      preValidation: mayManage(ctx, 'delete'),
      schema: {
        tags: ['users'],
        summary: "Revoke one of a user's REST API keys (refused at once on every instance).",
        params: Type.Object({
          ...UserIdParams.properties,
          key_id: Type.Integer({ minimum: 1, maximum: DB_INTEGER.maximum }),
        }),
        response: { 200: Revoked },
      },
    },
    async (request) => {
      const previous = await revokeApiKey(ctx.db, { id: request.params.key_id, userId: request.params.id });
      if (!previous)
        throw new NotFoundError('api_key_not_found', 'Could not find a REST API key with that id.');
      return { deleted: true, previous };
    },
  );
}

function mayManage(ctx: PlatformContext, action: keyof typeof REFUSALS) {
  return mayManageCredentialsOf(ctx, REFUSALS[action] as readonly [string, string]);
}
