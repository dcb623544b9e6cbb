import { RestError } from '../http/errors.js';
import type { AuthUser, Principal } from './principal.js';

/**
 * Refuses (403 `rest_cannot_edit`) a holder of `edit_users` without `manage_options` (a shop manager) acting on
 * anyone but customers and itself; the route's policy has already required `edit_users`.
 */
export function assertCanEditUser(principal: Principal, target: AuthUser): void {
  if (
    principal.kind === 'user' &&
    !principal.capabilities.has('manage_options') &&
    target.role !== 'customer' &&
    target.id !== principal.user.id
  ) {
    throw new RestError('rest_cannot_edit', 'Sorry, you are not allowed to edit this user.', 403);
  }
}

/** The session that survives a change of `targetId`'s password: the caller's own cookie session, if it is theirs. */
export function sessionKeptOnPasswordChange(principal: Principal, targetId: number): string | undefined {
  if (principal.kind !== 'user' || principal.via !== 'cookie' || principal.user.id !== targetId)
    return undefined;
  return principal.sessionHash;
}

/**
 * Refuses (403 `rest_cannot_edit`, `data.params.password`) a body that sets a password when the caller uses a REST
 * API key: a password is a login that would outlive the key. Run before validation on every route writing one.
 */
export function refusePasswordThroughKey(principal: Principal, body: unknown): void {
  if (principal.kind !== 'user' || principal.via !== 'api_key') return;
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'password')) return;
  const message =
    'REST API keys cannot set passwords (a password would outlive the key): leave it out, or use a login or an Application Password.';
  throw new RestError('rest_cannot_edit', message, 403, { params: { password: message } });
}
