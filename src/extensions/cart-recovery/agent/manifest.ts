import type { Principal } from '../../../platform/auth/principal.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ANALYTICS_PERIODS } from '../analytics/analytics-cache.js';
import { NOTIFICATION_STATES, SESSION_STATES } from '../sessions/session-states.constants.js';
import { AGENT_GATES } from '../settings/settings.schemas.js';
import {
  AGENT_CAPABILITY,
  AGENT_SCOPES,
  canSeeSensitive,
  effectiveScopes,
  mayUse,
  SCOPE_DESCRIPTIONS,
  SCOPE_GATE,
} from './agent-permissions.js';
import { AGENT_ROUTES, SESSION_ACTIONS } from './agent-surface.js';
import { SAFE_SETTING_KEYS } from './agent.schemas.js';
import { TOKEN_PREFIX } from './agent-tokens.service.js';

/** The agent manifest: everything an AI agent needs to discover the surface and its own access. */
export async function buildManifest(cr: CartRecovery, principal: Principal) {
  const settings = await cr.settings.get();
  const base = `${cr.ctx.config.publicUrl}/wp-json/cartrecovery/v1`;
  return {
    name: 'cartrecovery',
    namespace: 'cartrecovery/v1',
    manifest_version: 1,
    base_url: base,
    authentication: {
      schemes: ['application_password', 'bearer'],
      application_password: 'Authorization: Basic base64(username:application-password)',
      bearer: {
        header: 'Authorization: Bearer <token>',
        format: `${TOKEN_PREFIX}_<public_id>_<secret>`,
        note: 'Accepted on /agent/* routes only; anywhere else it authenticates nobody.',
      },
    },
    gates: Object.fromEntries(AGENT_GATES.map((g) => [g, settings[g]])),
    caller: {
      principal: principal.kind === 'user' ? principal.via : principal.kind,
      user_id: principal.kind === 'user' ? principal.user.id : null,
      token_public_id:
        principal.kind === 'user' && principal.via === 'bearer' ? (principal.credentialId ?? null) : null,
      scopes: [...effectiveScopes(principal)],
      usable_now: AGENT_SCOPES.filter((s) => mayUse(settings, principal, s)),
      sees_sensitive_data: canSeeSensitive(settings, principal),
    },
    scopes: AGENT_SCOPES.map((scope) => ({
      scope,
      capability: AGENT_CAPABILITY[scope],
      gate: SCOPE_GATE[scope] ?? null,
      description: SCOPE_DESCRIPTIONS[scope],
    })),
    routes: AGENT_ROUTES.map((route) => ({
      ...route,
      url: `${base}${route.path}`,
      gate: SCOPE_GATE[route.scope] ?? null,
      allowed: mayUse(settings, principal, route.scope),
    })),
    actions: Object.entries(SESSION_ACTIONS).map(([name, action]) => ({
      name,
      route: 'POST /agent/sessions/{id}/actions',
      body: { action: name, ...action.params },
      scope: action.scope,
      gate: SCOPE_GATE[action.scope] ?? null,
      description: action.description,
      allowed: mayUse(settings, principal, action.scope),
    })),
    safe_settings: [...SAFE_SETTING_KEYS],
    session_states: [...SESSION_STATES],
    email_states: [...NOTIFICATION_STATES],
    analytics_periods: [...ANALYTICS_PERIODS],
    pagination: {
      params: ['page', 'per_page (max 100)'],
      headers: ['X-WP-Total', 'X-WP-TotalPages', 'Link'],
    },
    masking:
      'E-mail addresses, cart lines, coupons and linked orders are masked unless the caller has the sensitive scope and agent_sensitive_enabled is on.',
    errors: {
      rest_not_logged_in: '401: no or invalid credentials.',
      rest_invalid_token: '401: the bearer token is invalid, expired or revoked.',
      rest_forbidden: '403: a capability or token scope is missing.',
      cartrecovery_agent_disabled: '403: a gate is off (data.gate names it).',
      rest_invalid_param: '400: invalid input (data.params, data.errors).',
      cartrecovery_invalid_state: '409: the session is not in a state the action accepts.',
      cartrecovery_step_already_sent: '409: that e-mail step was already sent.',
    },
    audit: 'Every agent call (allowed or refused) is logged, redacted; read it at GET /agent/audit-log.',
  };
}
