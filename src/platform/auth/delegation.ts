import { randomBytes } from 'node:crypto';
import type { Principal } from './principal.js';

/** Header of an in-process sub-request (a batch item) that acts as its parent request's caller. */
export const DELEGATION_HEADER = 'x-storeside-delegation';

// Live delegations: a random token per parent request, dropped as soon as its sub-requests are done.
const delegations = new Map<string, Principal>();

/**
 * Lets in-process sub-requests (`app.inject` with `{[DELEGATION_HEADER]: token}`) act as `principal`, already
 * authenticated (and nonce-checked) on the parent request, until `release()`. Credentials that cannot be replayed
 * on another URL (OAuth 1.0a signatures, single-use nonces, HTTPS-only keys) therefore still cover every item.
 */
export function delegateCaller(principal: Principal): { token: string; release: () => void } {
  const token = randomBytes(32).toString('hex');
  delegations.set(token, principal);
  return { token, release: () => delegations.delete(token) };
}

/** The principal delegated under `token`, or null when the token is unknown or already released. */
export function delegatedCaller(token: unknown): Principal | null {
  return typeof token === 'string' ? (delegations.get(token) ?? null) : null;
}
