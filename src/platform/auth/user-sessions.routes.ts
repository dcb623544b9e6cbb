import { Type } from '@sinclair/typebox';
import type { PlatformContext } from '../context.js';
import { NotFoundError } from '../http/errors.js';
import type { RestApp } from '../http/server.js';
import { clearSessionCookie } from './session-cookie.js';
import { endUserSessions } from './sessions.service.js';
import { assertCanEditUser } from './user-edit-policy.js';
import { getUser } from './user-lookup.service.js';

/** `DELETE /wp/v2/users/{id}/sessions`: an administrator logs a user out everywhere (application passwords stay). */
export function registerUserSessionRoutes(app: RestApp, ctx: PlatformContext): void {
  app.delete(
    '/wp/v2/users/:id/sessions',
    {
      config: { auth: { access: 'capability', capability: 'edit_users', nonce: 'cookie' } },
      schema: {
        tags: ['users'],
        summary: 'End every login session of a user (same rules as updating the user).',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: Type.Object({ deleted: Type.Boolean(), ended: Type.Integer({ minimum: 0 }) }) },
      },
    },
    async (request, reply) => {
      const p = request.principal;
      const target = await getUser(ctx.db, request.params.id);
      if (!target) throw new NotFoundError('rest_user_invalid_id', 'Invalid user ID.');
      assertCanEditUser(p, target);
      const ended = await endUserSessions(ctx.db, target.id);
      if (p.kind === 'user' && p.via === 'cookie' && p.user.id === target.id) clearSessionCookie(reply);
      return { deleted: true, ended };
    },
  );
}
