import { Type } from '@sinclair/typebox';
import type { PlatformContext } from '../context.js';
import { RateLimitedError, UnauthorizedError } from '../http/errors.js';
import type { RestApp } from '../http/server.js';
import { UserSchema } from './auth.schemas.js';
import { SESSION_COOKIE, SESSION_TTL_MS, endSession, startSession } from './sessions.service.js';
import { userView } from './user-view.js';
import { verifyLogin } from './users.service.js';

const LOGIN_LIMIT = 5;
const LOGIN_WINDOW_SECONDS = 15 * 60;

/** Login, logout and nonce routes (`auth/v1`) and WordPress's `admin-ajax.php?action=rest-nonce`. */
export function registerAuthRoutes(app: RestApp, ctx: PlatformContext): void {
  app.post(
    '/auth/v1/login',
    {
      config: { auth: { access: 'public', nonce: 'never' } },
      schema: {
        tags: ['auth'],
        summary: 'Log in with a username or e-mail and a password; sets the session cookie.',
        body: Type.Object({
          username: Type.String({ minLength: 1 }),
          password: Type.String({ minLength: 1 }),
        }),
        response: { 200: Type.Object({ user: UserSchema, nonce: Type.String() }) },
      },
    },
    async (request, reply) => {
      const key = `login:${request.ip}:${request.body.username.toLowerCase()}`;
      const failures = await ctx.rateLimiter.peek(key);
      if (failures >= LOGIN_LIMIT) {
        const { retryAfterSeconds } = await ctx.rateLimiter.hit(key, LOGIN_LIMIT, LOGIN_WINDOW_SECONDS);
        throw new RateLimitedError(
          retryAfterSeconds,
          'too_many_login_attempts',
          'Too many failed login attempts. Try again later.',
        );
      }
      const user = await verifyLogin(ctx.db, request.body.username, request.body.password);
      if (!user) {
        await ctx.rateLimiter.hit(key, LOGIN_LIMIT, LOGIN_WINDOW_SECONDS);
        throw new UnauthorizedError(
          'invalid_credentials',
          'The username or password you entered is incorrect.',
        );
      }
      await ctx.rateLimiter.reset(key);
      const session = await startSession(ctx.db, ctx.clock, user.id);
      await ctx.events.emit('user.logged_in', { userId: user.id, request, reply });
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.publicUrl.startsWith('https:'),
        maxAge: SESSION_TTL_MS / 1000,
      });
      const capabilities = await ctx.capabilities.forUser(ctx.db, user);
      const nonce = ctx.nonces.create({ uid: String(user.id), token: session.hash });
      reply.header('X-WP-Nonce', nonce);
      return { user: userView(user, capabilities), nonce };
    },
  );

  app.post(
    '/auth/v1/logout',
    {
      config: { auth: { access: 'public', nonce: 'cookie' } },
      schema: {
        tags: ['auth'],
        summary: 'End the cookie session.',
        response: { 200: Type.Object({ success: Type.Boolean() }) },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (principal.kind === 'user' && principal.sessionHash) await endSession(ctx.db, principal.sessionHash);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true };
    },
  );

  app.get(
    '/auth/v1/nonce',
    {
      config: { auth: { access: 'session', nonce: 'never' } },
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
