import { randomBytes } from 'node:crypto';
import type { Principal } from '../../../platform/auth/principal.js';
import { getUser } from '../../../platform/auth/user-lookup.service.js';
import { fromDbTime, toDbTime } from '../../../platform/db/sql-helpers.js';
import { ForbiddenError, NotFoundError } from '../../../platform/http/errors.js';
import type { BearerAuthenticator } from '../../../platform/auth/authenticator.js';
import { hashToken, safeEqual } from '../../../platform/security/hashing.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { AGENT_SCOPES, type AgentScope, effectiveScopes } from './agent-permissions.js';
import {
  type AgentTokenRow,
  findAgentToken,
  insertAgentToken,
  listAgentTokens,
  revokeAgentToken,
  touchAgentToken,
} from './agent-tokens.repository.js';

/** Prefix of every bearer token: `crat_<public_id>_<secret>`. */
export const TOKEN_PREFIX = 'crat';
const TOKEN_PATTERN = /^crat_([0-9a-f]{16})_([0-9a-f]{64})$/;

/** A token as listed (never its secret). */
export interface AgentTokenView {
  public_id: string;
  name: string;
  scopes: AgentScope[];
  user_id: number;
  status: 'active' | 'expired' | 'revoked';
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/**
 * Issues a token for the calling user. It may carry only scopes the caller can use itself (a bearer caller
 * cannot widen its own token), and a bearer caller's token with an expiry may only mint tokens that expire no
 * later (403 otherwise); the full token is returned here and never again.
 */
export async function createAgentToken(
  cr: CartRecovery,
  principal: Principal,
  input: { name: string; scopes: AgentScope[]; expires_in_days?: number },
): Promise<AgentTokenView & { token: string }> {
  if (principal.kind !== 'user') throw new ForbiddenError();
  const mine = effectiveScopes(principal);
  const beyond = input.scopes.filter((s) => !mine.has(s));
  if (beyond.length > 0) {
    throw new ForbiddenError(
      'rest_forbidden',
      `You cannot grant scopes you do not hold: ${beyond.join(', ')}.`,
    );
  }
  const now = cr.ctx.clock.now();
  const expiresAt = input.expires_in_days
    ? new Date(now.getTime() + input.expires_in_days * 86_400_000)
    : null;
  if (principal.via === 'bearer') await refuseOutlivingCaller(cr, principal.credentialId, expiresAt);
  const publicId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('hex');
  const row: Omit<AgentTokenRow, 'id'> = {
    public_id: publicId,
    name: input.name.trim(),
    secret_hash: hashToken(secret),
    user_id: principal.user.id,
    scopes: JSON.stringify(
      [...new Set(input.scopes)].sort((a, b) => AGENT_SCOPES.indexOf(a) - AGENT_SCOPES.indexOf(b)),
    ),
    created_at: toDbTime(now),
    expires_at: expiresAt ? toDbTime(expiresAt) : null,
    last_used_at: null,
    revoked_at: null,
  };
  await insertAgentToken(cr.ctx.db, row);
  return { ...tokenView(row, now), token: `${TOKEN_PREFIX}_${publicId}_${secret}` };
}

/** A page of tokens. */
export async function listTokens(cr: CartRecovery, window: { offset: number; limit: number }) {
  const { rows, total } = await listAgentTokens(cr.ctx.db, window);
  const now = cr.ctx.clock.now();
  return { items: rows.map((r) => tokenView(r, now)), total };
}

/** Revokes a token by public id (404 when unknown). */
export async function revokeToken(cr: CartRecovery, publicId: string): Promise<AgentTokenView> {
  const row = await findAgentToken(cr.ctx.db, publicId);
  if (!row) throw new NotFoundError('cartrecovery_token_not_found', 'No token has this public id.');
  const at = toDbTime(cr.ctx.clock.now());
  await revokeAgentToken(cr.ctx.db, publicId, at);
  return tokenView({ ...row, revoked_at: row.revoked_at ?? at }, cr.ctx.clock.now());
}

/**
 * The platform's bearer hook (used only on routes that opt in: the agent routes): the token's user with its
 * scopes when the token exists, is not revoked or expired and its secret matches (constant time).
 */
export function agentBearerAuthenticator(cr: CartRecovery): BearerAuthenticator {
  return async (token) => {
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return null;
    const row = await findAgentToken(cr.ctx.db, match[1]);
    if (!row || row.revoked_at) return null;
    const now = cr.ctx.clock.now();
    if (row.expires_at && fromDbTime(row.expires_at) <= now) return null;
    if (!safeEqual(hashToken(match[2]), row.secret_hash)) return null;
    const user = await getUser(cr.ctx.db, row.user_id);
    if (!user) return null;
    await touchAgentToken(cr.ctx.db, row.id, toDbTime(now), toDbTime(new Date(now.getTime() - 60_000)));
    return { user, scopes: JSON.parse(row.scopes) as string[], credentialId: row.public_id };
  };
}

// A token minted with an expiring bearer token must expire too, no later than it: else a short-lived token could
// mint a lasting one.
async function refuseOutlivingCaller(
  cr: CartRecovery,
  callerPublicId: string | undefined,
  expiresAt: Date | null,
): Promise<void> {
  const caller = callerPublicId ? await findAgentToken(cr.ctx.db, callerPublicId) : null;
  if (!caller) throw new ForbiddenError();
  if (!caller.expires_at) return;
  const limit = fromDbTime(caller.expires_at);
  if (expiresAt !== null && expiresAt <= limit) return;
  throw new ForbiddenError(
    'rest_forbidden',
    `A token created with a bearer token must expire no later than that token (${caller.expires_at} UTC): choose a shorter expires_in_days.`,
  );
}

function tokenView(row: Omit<AgentTokenRow, 'id'>, now: Date): AgentTokenView {
  const expired = row.expires_at !== null && fromDbTime(row.expires_at) <= now;
  return {
    public_id: row.public_id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as AgentScope[],
    user_id: row.user_id,
    status: row.revoked_at ? 'revoked' : expired ? 'expired' : 'active',
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
}
