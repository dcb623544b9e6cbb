import type { AgentScope } from './agent-permissions.js';

/** The session actions agents can run, the scope each needs, and their parameters. */
export const SESSION_ACTIONS = {
  mark_abandoned_now: {
    scope: 'write',
    params: {},
    description: 'Mark a captured session abandoned now (queues the campaign).',
  },
  cancel_pending_emails: {
    scope: 'contact',
    params: {},
    description: 'Cancel every queued e-mail of the session.',
  },
  send_email_step_now: {
    scope: 'contact',
    params: { step: 'integer 1–3 (required)' },
    description:
      'Send one step now: the session must be abandoned, not suppressed, the step unsent, no order since the capture.',
  },
  expire_session: {
    scope: 'destructive',
    params: {},
    description: 'Move an open session to expired and cancel its work.',
  },
  delete_session: {
    scope: 'destructive',
    params: {},
    description: 'Delete the session and everything attached to it.',
  },
} as const satisfies Record<
  string,
  { scope: AgentScope; params: Record<string, string>; description: string }
>;
/** One session action name. */
export type SessionAction = keyof typeof SESSION_ACTIONS;

/**
 * Every agent route with the scope it needs and its MCP tool name (one table for the routes, the manifest and
 * the MCP server; the actions route has no tool of its own: each session action is one).
 */
export const AGENT_ROUTES: Array<{
  method: string;
  path: string;
  scope: AgentScope;
  description: string;
  tool?: string;
}> = [
  {
    method: 'GET',
    path: '/agent/manifest',
    tool: 'get_manifest',
    scope: 'read',
    description: 'This document: routes, actions, scopes, gates and your access.',
  },
  {
    method: 'GET',
    path: '/agent/sessions',
    tool: 'list_sessions',
    scope: 'read',
    description: 'List sessions (masked unless sensitive). Query: page, per_page, status, search_id.',
  },
  {
    method: 'GET',
    path: '/agent/sessions/{id}',
    tool: 'get_session',
    scope: 'read',
    description: 'One session with its e-mails and events.',
  },
  {
    method: 'POST',
    path: '/agent/sessions/{id}/actions',
    scope: 'read',
    description: 'Run a session action {action, step?}; the action needs its own scope and gate.',
  },
  {
    method: 'GET',
    path: '/agent/analytics',
    tool: 'get_analytics',
    scope: 'read',
    description: 'Analytics; query days = 7, 30 or 90.',
  },
  {
    method: 'GET',
    path: '/agent/settings',
    tool: 'get_settings',
    scope: 'read',
    description: 'Safe settings and the gates.',
  },
  {
    method: 'PATCH',
    path: '/agent/settings',
    tool: 'update_settings',
    scope: 'write',
    description: 'Change safe settings (write); gate keys need manage_access.',
  },
  {
    method: 'GET',
    path: '/agent/campaign',
    tool: 'get_campaign',
    scope: 'read',
    description: 'The campaign: enabled flag and three steps.',
  },
  {
    method: 'PATCH',
    path: '/agent/campaign',
    tool: 'update_campaign',
    scope: 'write',
    description: 'Change the campaign (steps by position, increasing delays).',
  },
  {
    method: 'GET',
    path: '/agent/tokens',
    tool: 'list_tokens',
    scope: 'manage_tokens',
    description: 'List bearer tokens (never their secrets).',
  },
  {
    method: 'POST',
    path: '/agent/tokens',
    tool: 'create_token',
    scope: 'manage_tokens',
    description: 'Create a token {name, scopes[], expires_in_days?}; the secret is shown once.',
  },
  {
    method: 'DELETE',
    path: '/agent/tokens/{public_id}',
    tool: 'revoke_token',
    scope: 'manage_tokens',
    description: 'Revoke a token.',
  },
  {
    method: 'GET',
    path: '/agent/audit-log',
    tool: 'get_audit_log',
    scope: 'read',
    description: 'Redacted audit entries of agent calls, newest first.',
  },
];
