import type { FastifyRequest } from 'fastify';
import type { PlatformContext } from '../context.js';
import { ForbiddenError, NotFoundError } from '../http/errors.js';
import { DB_INTEGER } from '../http/integer-bounds.js';
import { can } from './principal.js';
import { assertCanEditUser } from './user-edit-policy.js';
import { getUser } from './user-lookup.service.js';

/**
 * A pre-validation hook for routes about one user's credentials (`/users/{id}/…`: application passwords, REST API
 * keys), run before validation so a refused caller learns nothing from it: the user may manage their own; anyone
 * else needs `edit_users` (else 403 with `refusal`, before the user is looked up), the user must exist (404), and
 * the caller must be allowed to edit that user (the rule of updating the user). An id that is not a number is
 * left to validation.
 */
export function mayManageCredentialsOf(
  ctx: PlatformContext,
  refusal: readonly [code: string, message: string],
) {
  return async (request: FastifyRequest): Promise<void> => {
    const raw = (request.params as { id?: unknown }).id;
    if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw)) return;
    const id = Number(raw);
    if (id > DB_INTEGER.maximum) return;
    const principal = request.principal;
    if (principal.kind !== 'user') throw new Error('unreachable: route requires a user');
    if (principal.user.id === id) return;
    if (!can(principal, 'edit_users')) throw new ForbiddenError(...refusal);
    const target = await getUser(ctx.db, id);
    if (!target) throw new NotFoundError('rest_user_invalid_id', 'Invalid user ID.');
    assertCanEditUser(principal, target);
  };
}
