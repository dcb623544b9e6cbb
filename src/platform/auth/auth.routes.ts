import { Type } from '@sinclair/typebox';
import type { PlatformContext } from '../context.js';
import type { RestApp } from '../http/server.js';
import { UserSchema } from './auth.schemas.js';
import { logIn } from './login.service.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { endSession, endUserSessions, startSession } from './sessions.service.js';
import { userView } from './user-view.js';
import { MAX_LOGIN_LENGTH } from './users.service.js';

const LogoutSchema = Type.Object({ success: Type.Boolean() });

/** Login, logout (one session or all) and nonce routes (`auth/v1`) and `admin-ajax.php?action=rest-nonce`. */
export function registerAuthRoutes(app: RestApp, ctx: PlatformContext): void {
  app.post(
    '/auth/v1/login',
    {
      config: { auth: { access: 'public', nonce: 'never' } },
      schema: {
        tags: ['auth'],
        summary: 'Log in with a username or e-mail and a password; sets the session cookie.',
        body: Type.Object({
          // Longer than any username (60) or e-mail (100) can be: refused before any lookup or hashing.
          username: Type.String({ minLength: 1, maxLength: MAX_LOGIN_LENGTH }),
          password: Type.String({ minLength: 1 }),
        }),
        response: { 200: Type.Object({ user: UserSchema, nonce: Type.String() }) },
      },
    },
    async (request, reply) => {
      const user = await logIn(ctx, {
        login: request.body.username,
        password: request.body.password,
        ip: request.ip,
      });
      const session = await startSession(ctx.db, ctx.clock, user.id);
      await ctx.events.emit('user.logged_in', { userId: user.id, request, reply });
      setSessionCookie(reply, ctx.config.publicUrl, session.token);
      const capabilities = await ctx.capabilities.forUser(ctx.db, user);
      const nonce = ctx.nonces.create({ uid: String(user.id), token: session.hash });
      reply.header('X-WP-Nonce', nonce);
      return { user: userView(user, capabilities), nonce };
    },
  );

  app.post(
    '/auth/v1/logout',
    {
      // A logged-in caller only, so a cookie needs its nonce: a cross-site form cannot log anyone out.
      config: { auth: { access: 'user', nonce: 'cookie' } },
      schema: {
        tags: ['auth'],
        summary: 'End the cookie session (the cookie needs its nonce, as every cookie call).',
        response: { 200: LogoutSchema },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (principal.kind !== 'user') throw new Error('unreachable: route requires a user');
      if (principal.sessionHash) await endSession(ctx.db, principal.sessionHash);
      clearSessionCookie(reply);
      return { success: true };
    },
  );

  app.post(
    '/auth/v1/logout-everywhere',
    {
      config: { auth: { access: 'user', nonce: 'cookie' } },
      schema: {
        tags: ['auth'],
        summary: 'End every login session of the caller, this one included (application passwords stay).',
        response: { 200: LogoutSchema },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (principal.kind !== 'user') throw new Error('unreachable: route requires a user');
      await endUserSessions(ctx.db, principal.user.id);
      clearSessionCookie(reply);
      return { success: true };
    },
  );

  app.get(
    '/auth/v1/nonce',
    {
      // The nonce unlocks the user's cookie for whoever holds it: never readable by another origin's page.
      config: { auth: { access: 'session', nonce: 'never' }, cors: 'same-origin' },
      schema: {
        tags: ['auth'],
        summary: 'A fresh wp_rest nonce for the caller (cookie, application password or cart session).',
        response: { 200: Type.Object({ nonce: Type.String() }) },
      },
    },
    async (request, reply) => {
      const nonce = ctx.nonces.create(ctx.auth.nonceSubject(request.principal));
      reply.header('X-WP-Nonce', nonce);
      return { nonce };
    },
  );
}

/** `GET /wp-admin/admin-ajax.php?action=rest-nonce`: the nonce as plain text (api-fetch's refresh endpoint). */
export function registerNonceRefresh(app: RestApp, ctx: PlatformContext): void {
  app.get(
    '/wp-admin/admin-ajax.php',
    {
      config: { auth: { access: 'public', nonce: 'never' } },
      schema: { hide: true, querystring: Type.Object({ action: Type.String() }) },
    },
    async (request, reply) => {
      reply.type('text/plain; charset=UTF-8');
      if (request.query.action !== 'rest-nonce' || request.principal.kind === 'anonymous')
        return reply.code(400).send('0');
      return ctx.nonces.create(ctx.auth.nonceSubject(request.principal));
    },
  );
}
