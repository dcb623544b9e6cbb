import { Type } from '@sinclair/typebox';
import { paginationQuery } from '../../../platform/http/collection.js';
import { SESSION_STATES } from '../sessions/session-states.constants.js';
import { AGENT_GATES, SettingsSchema } from '../settings/settings.schemas.js';
import { AGENT_SCOPES } from './agent-permissions.js';
import { SESSION_ACTIONS } from './agent-surface.js';

/** Settings an agent with the write scope may change (never Test Mode, rate limits, licence or gates). */
export const SAFE_SETTING_KEYS = [
  'capture_enabled',
  'consent_text',
  'consent_default_state',
  'abandonment_timeout',
  'data_retention_days',
  'coupon_type',
  'coupon_amount',
  'coupon_expiry_days',
] as const;

/** `PATCH /agent/settings`: safe keys (write) and gate keys (manage_access). */
export const AgentSettingsPatch = Type.Partial(
  Type.Pick(SettingsSchema, [...SAFE_SETTING_KEYS, ...AGENT_GATES]),
  { additionalProperties: false },
);

/** `GET /agent/settings` reply. */
export const AgentSettingsView = Type.Object({
  settings: Type.Pick(SettingsSchema, [...SAFE_SETTING_KEYS]),
  gates: Type.Pick(SettingsSchema, [...AGENT_GATES]),
});

/** `GET /agent/sessions` query. */
export const SessionListQuery = Type.Object({
  ...paginationQuery(20),
  status: Type.Optional(Type.Union(SESSION_STATES.map((s) => Type.Literal(s)))),
});

/** `{id}` of the session routes (the capture's session_id). */
export const SessionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** `POST /agent/sessions/{id}/actions` body. */
export const ActionBody = Type.Object(
  {
    action: Type.Union(Object.keys(SESSION_ACTIONS).map((a) => Type.Literal(a))),
    step: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  },
  { additionalProperties: false },
);

/** `POST /agent/tokens` body. */
export const TokenCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(Type.Union(AGENT_SCOPES.map((s) => Type.Literal(s))), {
      minItems: 1,
      maxItems: AGENT_SCOPES.length,
      uniqueItems: true,
    }),
    expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  },
  { additionalProperties: false },
);

/** A token as listed. */
export const TokenView = Type.Object({
  public_id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  user_id: Type.Integer(),
  status: Type.String(),
  created_at: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
  revoked_at: Type.Union([Type.String(), Type.Null()]),
});

/** A created token (the full token only here). */
export const TokenCreated = Type.Object({
  public_id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  token: Type.String({ description: 'Shown once: crat_<public_id>_<secret>.' }),
});

/** `GET /agent/audit-log` query: paging, the outcome, and the start of the called route. */
export const AuditLogQuery = Type.Object({
  ...paginationQuery(20),
  result: Type.Optional(Type.Union([Type.Literal('allowed'), Type.Literal('denied'), Type.Literal('error')])),
  route: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^/[A-Za-z0-9_/{}:-]*$' })),
});

/** `{public_id}` of the token routes. */
export const TokenParams = Type.Object({ public_id: Type.String({ minLength: 1, maxLength: 32 }) });
