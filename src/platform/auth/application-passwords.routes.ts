import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { PlatformContext } from '../context.js';
import { NotFoundError, RestError } from '../http/errors.js';
import type { RestApp } from '../http/server.js';
import {
  createApplicationPassword,
  deleteApplicationPassword,
  listApplicationPasswords,
} from './application-passwords.service.js';
import { ApplicationPasswordSchema } from './auth.schemas.js';
import { mayManageCredentialsOf } from './user-credentials-access.js';

const CreateBody = Type.Object({
  name: Type.String(),
  app_id: Type.Optional(Type.String({ format: 'uuid' })),
});
const Created = Type.Composite([ApplicationPasswordSchema, Type.Object({ password: Type.String() })]);
const Revoked = Type.Object({ deleted: Type.Boolean(), previous: ApplicationPasswordSchema });
const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const UuidParam = { uuid: Type.String({ format: 'uuid' }) };

/** What each route answers a caller who may not manage that user's application passwords (WordPress's codes). */
const REFUSALS = {
  list: [
    'rest_cannot_list_application_passwords',
    'Sorry, you are not allowed to list application passwords for this user.',
  ],
  create: [
    'rest_cannot_create_application_passwords',
    'Sorry, you are not allowed to create application passwords for this user.',
  ],
  delete: [
    'rest_cannot_delete_application_password',
    'Sorry, you are not allowed to delete this application password.',
  ],
} as const;

/**
 * `/wp/v2/users/me/application-passwords` (the caller's own) and `/wp/v2/users/{id}/application-passwords`
 * (the user themself, or a caller who may edit that user): list, create (the password shown once), revoke.
 */
export function registerApplicationPasswordRoutes(app: RestApp, ctx: PlatformContext): void {
  const auth = { access: 'user', nonce: 'cookie' } as const;
  const me = '/wp/v2/users/me/application-passwords';
  const ofUser = '/wp/v2/users/:id/application-passwords';

  app.get(
    me,
    {
      config: { auth },
      schema: {
        tags: ['users'],
        summary: 'List your application passwords.',
        response: { 200: Type.Array(ApplicationPasswordSchema) },
      },
    },
    async (request) => listApplicationPasswords(ctx.db, callerId(request)),
  );
  app.get(
    ofUser,
    {
      config: { auth },
      preValidation: mayManage(ctx, 'list'),
      schema: {
        tags: ['users'],
        summary: "List a user's application passwords (the user, or a caller who may edit them).",
        params: UserIdParams,
        response: { 200: Type.Array(ApplicationPasswordSchema) },
      },
    },
    async (request) => listApplicationPasswords(ctx.db, request.params.id),
  );

  const create = async (userId: number, body: { name: string; app_id?: string }, base: string) => {
    if (body.name.trim() === '') {
      throw new RestError(
        'application_password_empty_name',
        'An application name is required to create an application password.',
        400,
      );
    }
    const created = await createApplicationPassword(ctx.db, ctx.clock, {
      userId,
      name: body.name,
      appId: body.app_id,
    });
    return { created, location: `${ctx.config.publicUrl}/wp-json${base}/${created.uuid}` };
  };
  app.post(
    me,
    {
      config: { auth },
      schema: {
        tags: ['users'],
        summary: 'Create an application password; the password is shown only in this response.',
        body: CreateBody,
        response: { 201: Created },
      },
    },
    async (request, reply) => {
      const { created, location } = await create(callerId(request), request.body, me);
      reply.code(201).header('Location', location);
      return created;
    },
  );
  app.post(
    ofUser,
    {
      config: { auth },
      preValidation: mayManage(ctx, 'create'),
      schema: {
        tags: ['users'],
        summary:
          'Create an application password for a user (the user, or a caller who may edit them); the password is shown only in this response.',
        params: UserIdParams,
        body: CreateBody,
        response: { 201: Created },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const base = `/wp/v2/users/${id}/application-passwords`;
      const { created, location } = await create(id, request.body, base);
      reply.code(201).header('Location', location);
      return created;
    },
  );

  const revoke = async (userId: number, uuid: string) => {
    const previous = await deleteApplicationPassword(ctx.db, userId, uuid);
    if (!previous)
      throw new NotFoundError(
        'application_password_not_found',
        'Could not find an application password with that id.',
      );
    return { deleted: true, previous };
  };
  app.delete(
    `${me}/:uuid`,
    {
      config: { auth },
      schema: {
        tags: ['users'],
        summary: 'Revoke one of your application passwords.',
        params: Type.Object(UuidParam),
        response: { 200: Revoked },
      },
    },
    async (request) => revoke(callerId(request), request.params.uuid),
  );
  app.delete(
    `${ofUser}/:uuid`,
    {
      config: { auth },
      preValidation: mayManage(ctx, 'delete'),
      schema: {
        tags: ['users'],
        summary: "Revoke one of a user's application passwords (the user, or a caller who may edit them).",
        params: Type.Object({ ...UserIdParams.properties, ...UuidParam }),
        response: { 200: Revoked },
      },
    },
    async (request) => revoke(request.params.id, request.params.uuid),
  );
}

function mayManage(ctx: PlatformContext, action: keyof typeof REFUSALS) {
  return mayManageCredentialsOf(ctx, REFUSALS[action] as readonly [string, string]);
}

function callerId(request: FastifyRequest): number {
  const principal = request.principal;
  if (principal.kind !== 'user') throw new Error('unreachable: route requires a user');
  return principal.user.id;
}
