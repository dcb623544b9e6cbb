import { Type } from '@sinclair/typebox';
import { PLATFORM_TOPICS } from '../cache/topics.js';
import type { PlatformContext } from '../context.js';
import { type EncodedBody, encoded, sendJsonBytes } from '../http/encoded-body.js';
import { pageWindow, paginationQuery, setPaginationHeaders } from '../http/collection.js';
import { NotFoundError, RestError } from '../http/errors.js';
import type { RestApp } from '../http/server.js';
import { UserMeSchema, UserSchema } from './auth.schemas.js';
import { ROLES, type Role } from './roles.js';
import { assertCanEditUser, sessionKeptOnPasswordChange } from './user-edit-policy.js';
import { userPublicView, userView } from './user-view.js';
import { getUser, usersPage } from './user-lookup.service.js';
import { createUser, updateUser } from './users.service.js';

const publicViewBodies = new WeakMap<object, EncodedBody>();
const RoleEnum = Type.Union(ROLES.map((r) => Type.Literal(r)));

/** `/wp/v2/users`: me, list, create, update. */
export function registerUserRoutes(app: RestApp, ctx: PlatformContext): void {
  app.get(
    '/wp/v2/users/me',
    {
      // The answer is made of the principal alone (which the replay lane checks itself).
      config: { auth: { access: 'user', nonce: 'cookie' }, cache: { topics: [PLATFORM_TOPICS.principals] } },
      schema: {
        tags: ['users'],
        summary:
          'The current user: view context by default, `context=edit` adds roles, capabilities and e-mail.',
        querystring: Type.Object({
          context: Type.Optional(
            Type.Union([Type.Literal('view'), Type.Literal('embed'), Type.Literal('edit')]),
          ),
        }),
        response: { 200: UserMeSchema },
      },
    },
    // Not async: the common answer is cached bytes, sent without a promise per request.
    (request, reply) => {
      const p = request.principal;
      if (p.kind !== 'user') throw new Error('unreachable');
      if (request.query.context === 'edit') {
        reply.send({ ...userPublicView(p.user, ctx.config.publicUrl), ...userView(p.user, p.capabilities) });
        return;
      }
      // The view is memoized per user object, and so are its bytes (made by this route's serializer).
      const view = userPublicView(p.user, ctx.config.publicUrl);
      let body = publicViewBodies.get(view);
      if (!body) {
        body = encoded(reply.serialize(view) as string);
        publicViewBodies.set(view, body);
      }
      sendJsonBytes(request, reply, body);
    },
  );

  app.get(
    '/wp/v2/users',
    {
      config: { auth: { access: 'capability', capability: 'list_users', nonce: 'cookie' } },
      schema: {
        tags: ['users'],
        summary: 'List users.',
        querystring: Type.Object({
          ...paginationQuery(10),
          search: Type.Optional(Type.String()),
          roles: Type.Optional(RoleEnum),
          include: Type.Optional(
            Type.String({
              pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,99}$',
              description: 'Only these user ids (comma-separated, at most 100).',
            }),
          ),
        }),
        response: { 200: Type.Array(UserSchema) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page = 10, search, roles, include } = request.query;
      const { rows, total } = await usersPage(ctx.db, {
        search,
        role: roles as Role | undefined,
        include: include?.split(',').map(Number),
        ...pageWindow(page, per_page),
      });
      setPaginationHeaders(request, reply, {
        total,
        page,
        perPage: per_page,
        publicUrl: ctx.config.publicUrl,
      });
      const capabilities = await ctx.capabilities.forUsers(ctx.db, rows);
      return rows.map((u) => userView(u, capabilities.get(u.id)!));
    },
  );

  app.post(
    '/wp/v2/users',
    {
      config: { auth: { access: 'capability', capability: 'create_users', nonce: 'cookie' } },
      schema: {
        tags: ['users'],
        summary: 'Create a user.',
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 60 }),
          email: Type.String({ format: 'email' }),
          password: Type.String({ minLength: 8 }),
          name: Type.Optional(Type.String()),
          first_name: Type.Optional(Type.String()),
          last_name: Type.Optional(Type.String()),
          roles: Type.Optional(Type.Array(RoleEnum, { minItems: 1, maxItems: 1 })),
        }),
        response: { 201: UserSchema },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const user = await createUser(ctx.db, ctx.clock, {
        username: b.username,
        email: b.email,
        password: b.password,
        display_name: b.name,
        first_name: b.first_name,
        last_name: b.last_name,
        role: (b.roles?.[0] as Role | undefined) ?? 'subscriber',
      });
      reply.code(201).header('Location', `${ctx.config.publicUrl}/wp-json/wp/v2/users/${user.id}`);
      return userView(user, await ctx.capabilities.forUser(ctx.db, user));
    },
  );

  app.post(
    '/wp/v2/users/:id',
    {
      config: { auth: { access: 'capability', capability: 'edit_users', nonce: 'cookie' } },
      schema: {
        tags: ['users'],
        summary: "Update a user (roles need promote_users); a new password ends the user's other sessions.",
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        body: Type.Object({
          email: Type.Optional(Type.String({ format: 'email' })),
          password: Type.Optional(Type.String({ minLength: 8 })),
          name: Type.Optional(Type.String()),
          first_name: Type.Optional(Type.String()),
          last_name: Type.Optional(Type.String()),
          roles: Type.Optional(Type.Array(RoleEnum, { minItems: 1, maxItems: 1 })),
        }),
        response: { 200: UserSchema },
      },
    },
    async (request) => {
      const p = request.principal;
      const target = await getUser(ctx.db, request.params.id);
      if (!target) throw new NotFoundError('rest_user_invalid_id', 'Invalid user ID.');
      const b = request.body;
      const canPromote = p.kind === 'user' && p.capabilities.has('promote_users');
      if (b.roles && !canPromote)
        throw new RestError(
          'rest_cannot_edit_roles',
          'Sorry, you are not allowed to edit roles of this user.',
          403,
        );
      assertCanEditUser(p, target);
      const user = await updateUser(
        ctx.db,
        target.id,
        {
          email: b.email,
          password: b.password,
          display_name: b.name,
          first_name: b.first_name,
          last_name: b.last_name,
          role: b.roles?.[0] as Role | undefined,
        },
        { keepSession: sessionKeptOnPasswordChange(p, target.id) },
      );
      return userView(user, await ctx.capabilities.forUser(ctx.db, user));
    },
  );
}
