import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../../platform/auth/principal.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { isMcpCall } from '../mcp/mcp-origin.js';
import { type AuditFilters, insertAudit, listAudit, trimAudit } from './agent-tokens.repository.js';

/** How many audit entries are kept (older ones are dropped). */
export const AUDIT_KEEP = 1000;
const SECRET_KEY = /email|token|license|secret|password|coupon/i;
const EMAIL_IN_TEXT = /[^\s@"']+@[^\s@"']+\.[A-Za-z]{2,}/g;

/** Writes one redacted audit entry for an agent call (allowed or refused). */
export async function recordAgentCall(
  cr: CartRecovery,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  await writeAudit(cr, {
    principal: request.principal,
    method: request.method,
    route: (request.routeOptions.url ?? request.url).replace(/^\/wp-json\/cartrecovery\/v1/, ''),
    target: params.id ?? params.public_id,
    query: request.query ?? {},
    body,
    status: reply.statusCode,
    via: isMcpCall(request) ? 'mcp' : 'rest',
  });
}

/**
 * Writes one redacted audit entry (`via: mcp`) for an MCP read tool's call of another module's GET route
 * (`route` as registered, e.g. `/loyalty/v1/customers/:id`), allowed or refused.
 */
export async function recordMcpReadToolCall(
  cr: CartRecovery,
  call: { principal: Principal; route: string; args: Record<string, unknown>; status: number },
): Promise<void> {
  const param = /:([A-Za-z_][A-Za-z0-9_]*)/.exec(call.route)?.[1];
  const target = param === undefined ? undefined : call.args[param];
  await writeAudit(cr, {
    principal: call.principal,
    method: 'GET',
    route: call.route,
    target: target === undefined ? undefined : String(target),
    query: call.args,
    body: {},
    status: call.status,
    via: 'mcp',
  });
}

/** One audited call, whichever way it came. */
interface AuditedCall {
  principal: Principal | undefined;
  method: string;
  route: string;
  target: unknown;
  query: unknown;
  body: Record<string, unknown>;
  status: number;
  via: 'mcp' | 'rest';
}

async function writeAudit(cr: CartRecovery, call: AuditedCall): Promise<void> {
  const { principal, body, status } = call;
  const id = await insertAudit(cr.ctx.db, {
    created_at: toDbTime(cr.ctx.clock.now()),
    principal_type: principal?.kind === 'user' ? principal.via : (principal?.kind ?? 'anonymous'),
    user_id: principal?.kind === 'user' ? principal.user.id : null,
    credential_id:
      principal?.kind === 'user' && principal.via === 'bearer' ? (principal.credentialId ?? null) : null,
    method: call.method,
    route: call.route.slice(0, 200),
    action: typeof body.action === 'string' ? body.action.slice(0, 40) : null,
    target: auditTarget(call.target),
    status,
    result: status < 400 ? 'allowed' : status === 401 || status === 403 ? 'denied' : 'error',
    detail: JSON.stringify({ ...(redact({ query: call.query, body }) as object), via: call.via }),
  });
  if (id % 100 === 0) await trimAudit(cr.ctx.db, id - AUDIT_KEEP);
}

/** The called id as the audit keeps it: at most 64 characters, no control characters (PostgreSQL refuses NUL). */
function auditTarget(value: unknown): string | null {
  return typeof value === 'string' ? value.replace(/\p{Cc}/gu, '').slice(0, 64) : null;
}

/** A page of audit entries, newest first, optionally narrowed by outcome and route. */
export async function readAuditLog(
  cr: CartRecovery,
  window: { offset: number; limit: number },
  filters: AuditFilters = {},
) {
  const { rows, total } = await listAudit(cr.ctx.db, window, filters);
  return {
    total,
    items: rows.map((r) => {
      const { via, ...detail } = JSON.parse(r.detail) as { via?: string };
      return {
        id: r.id,
        time: r.created_at,
        principal: { type: r.principal_type, user_id: r.user_id, token_public_id: r.credential_id },
        method: r.method,
        route: r.route,
        action: r.action,
        target: r.target,
        status: r.status,
        result: r.result,
        via: via ?? 'rest',
        detail,
      };
    }),
  };
}

/** Replaces values under secret-looking keys with `[redacted]` and masks addresses in text. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5) return '[truncated]';
  if (typeof value === 'string') return value.replace(EMAIL_IN_TEXT, '[redacted-email]').slice(0, 500);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1),
      ]),
    );
  }
  return value;
}
