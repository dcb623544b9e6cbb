import { can, type Principal } from '../../../platform/auth/principal.js';
import { ForbiddenError, RestError } from '../../../platform/http/errors.js';
import { AGENT_GATES, type AgentGate, type Settings } from '../settings/settings.schemas.js';

/**
 * Every agent permission decision lives here: the master gates, the seven capabilities, token scopes
 * (1:1 with capabilities) and the write / contact / sensitive / destructive gates.
 */
export const AGENT_SCOPES = [
  'read',
  'write',
  'contact',
  'sensitive',
  'destructive',
  'manage_tokens',
  'manage_access',
] as const;
/** One agent scope. */
export type AgentScope = (typeof AGENT_SCOPES)[number];

/** The capability behind each scope. */
export const AGENT_CAPABILITY: Record<AgentScope, string> = {
  read: 'cartrecovery_agent_read',
  write: 'cartrecovery_agent_write',
  contact: 'cartrecovery_agent_contact',
  sensitive: 'cartrecovery_agent_sensitive',
  destructive: 'cartrecovery_agent_destructive',
  manage_tokens: 'cartrecovery_agent_manage_tokens',
  manage_access: 'cartrecovery_agent_manage_access',
};

/** Default holders: administrators all seven, shop managers read, write and contact. */
export const AGENT_CAPABILITY_ROLES: Record<
  string,
  Array<'administrator' | 'shop_manager'>
> = Object.fromEntries(
  AGENT_SCOPES.map((scope) => [
    AGENT_CAPABILITY[scope],
    ['read', 'write', 'contact'].includes(scope) ? ['administrator', 'shop_manager'] : ['administrator'],
  ]),
);

/** The gate a scope's use additionally needs (read, manage_tokens and manage_access need only the master gates). */
export const SCOPE_GATE: Partial<Record<AgentScope, AgentGate>> = {
  write: 'agent_write_enabled',
  contact: 'agent_contact_enabled',
  sensitive: 'agent_sensitive_enabled',
  destructive: 'agent_destructive_enabled',
};

/** What each scope allows (shown in the manifest). */
export const SCOPE_DESCRIPTIONS: Record<AgentScope, string> = {
  read: 'Read sessions (masked), analytics, settings, campaign, audit log and this manifest.',
  write: 'Change safe settings and the campaign; mark a session abandoned now.',
  contact: 'Send a recovery e-mail step now, or cancel pending e-mails.',
  sensitive: 'See raw e-mail addresses, carts, coupons and linked orders (else masked).',
  destructive: 'Expire or delete sessions.',
  manage_tokens: 'Create, list and revoke bearer tokens.',
  manage_access: 'Change the agent gates.',
};

/** The scopes a principal may use: capability held and, for a bearer token, scope granted. */
export function effectiveScopes(principal: Principal): Set<AgentScope> {
  const out = new Set<AgentScope>();
  if (principal.kind !== 'user') return out;
  for (const scope of AGENT_SCOPES) {
    const held = principal.capabilities.has(AGENT_CAPABILITY[scope]);
    const granted = principal.via !== 'bearer' || (principal.scopes ?? []).includes(scope);
    if (held && granted) out.add(scope);
  }
  return out;
}

/** True when both master gates (`agent_access_enabled`, `agent_rest_enabled`) are on. */
export function agentRestOpen(settings: Settings): boolean {
  return settings.agent_access_enabled && settings.agent_rest_enabled;
}

/**
 * Decides whether a principal may use `scope` now. In order: no agent capability at all → 403 rest_forbidden;
 * a master gate off → 403 cartrecovery_agent_disabled; scope or capability missing → 403 rest_forbidden;
 * the scope's own gate off → 403 cartrecovery_agent_disabled.
 */
export function authorizeAgent(settings: Settings, principal: Principal, scope: AgentScope): void {
  authorizeAgentBase(settings, principal);
  if (!effectiveScopes(principal).has(scope)) {
    throw new ForbiddenError(
      'rest_forbidden',
      `Sorry, you are not allowed to do that (needs the "${scope}" scope and capability).`,
    );
  }
  const gate = SCOPE_GATE[scope];
  if (gate && !settings[gate]) throw gateClosed(gate);
}

/** The check every agent route makes before anything else: some agent capability, both master gates on. */
export function authorizeAgentBase(settings: Settings, principal: Principal): void {
  const holdsAny =
    principal.kind === 'user' && AGENT_SCOPES.some((s) => principal.capabilities.has(AGENT_CAPABILITY[s]));
  if (!holdsAny) throw new ForbiddenError();
  if (!agentRestOpen(settings)) {
    throw gateClosed(!settings.agent_access_enabled ? 'agent_access_enabled' : 'agent_rest_enabled');
  }
}

/**
 * The check of every writer of the settings record outside the agent routes, made on the parsed body before
 * validation: an update naming any agent gate (whatever its value) needs `cartrecovery_agent_manage_access`, else the whole update is refused with 403
 * `rest_forbidden` naming the gates (`data.gates`).
 */
export function authorizeGateKeys(principal: Principal, patch: unknown): void {
  if (typeof patch !== 'object' || patch === null) return;
  const gates = AGENT_GATES.filter((gate) => Object.hasOwn(patch, gate));
  if (gates.length === 0 || can(principal, AGENT_CAPABILITY.manage_access)) return;
  throw new RestError(
    'rest_forbidden',
    `Sorry, you are not allowed to change the agent gates (${gates.join(', ')}): that needs the ${AGENT_CAPABILITY.manage_access} capability.`,
    403,
    { gates },
  );
}

/** True when raw personal data may be shown: sensitive scope + capability and the sensitive gate on. */
export function canSeeSensitive(settings: Settings, principal: Principal): boolean {
  return settings.agent_sensitive_enabled && effectiveScopes(principal).has('sensitive');
}

/** True when the principal may use `scope` now (for the manifest's `allowed` flags; never throws). */
export function mayUse(settings: Settings, principal: Principal, scope: AgentScope): boolean {
  try {
    authorizeAgent(settings, principal, scope);
    return true;
  } catch {
    return false;
  }
}

function gateClosed(gate: AgentGate): RestError {
  return new RestError('cartrecovery_agent_disabled', `Agent access is switched off (${gate}).`, 403, {
    gate,
  });
}
