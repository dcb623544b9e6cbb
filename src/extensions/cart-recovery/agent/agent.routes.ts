import { type Static, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthPolicy } from '../../../platform/auth/principal.js';
import { pageWindow, paginationQuery, setPaginationHeaders } from '../../../platform/http/collection.js';
import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import type { AnalyticsPeriod } from '../analytics/analytics-cache.js';
import { AnalyticsQuery, AnalyticsReportSchema } from '../analytics/analytics.schemas.js';
import { getAnalytics } from '../analytics/analytics.service.js';
import { sessionsPage, sessionWithHistory } from './session-reads.service.js';
import {
  AGENT_GATES,
  CampaignPatchSchema,
  CampaignSchema,
  type Settings,
  type SettingsPatch,
} from '../settings/settings.schemas.js';
import { type AgentScope, authorizeAgent, authorizeAgentBase, canSeeSensitive } from './agent-permissions.js';
import { SESSION_ACTIONS } from './agent-surface.js';
import {
  ActionBody,
  AgentSettingsPatch,
  AuditLogQuery,
  AgentSettingsView,
  SAFE_SETTING_KEYS,
  SessionListQuery,
  SessionParams,
  TokenCreateBody,
  TokenCreated,
  TokenParams,
  TokenView,
} from './agent.schemas.js';
import { createAgentToken, listTokens, revokeToken } from './agent-tokens.service.js';
import { readAuditLog, recordAgentCall } from './audit-log.service.js';
import { buildManifest } from './manifest.js';
import { runSessionAction } from './session-actions.service.js';
import { sessionView } from './session-view.js';
import { NotFoundError } from '../../../platform/http/errors.js';

/** Agent routes: Application Password or bearer token (agent routes only), no nonce for those; cookie + nonce too. */
export const AGENT_POLICY: AuthPolicy = { access: 'user', nonce: 'cookie', bearer: true };
// Minting a token: a REST API key may not (the token would outlive the key's revocation).
const MINT_POLICY: AuthPolicy = { ...AGENT_POLICY, apiKeys: false };
const P = '/cartrecovery/v1/agent';
const Loose = Type.Record(Type.String(), Type.Unknown());

/** Registers every route of the contract's agent table; permission checks run before validation. */
export function registerAgentRoutes(app: RestApp, cr: CartRecovery): void {
  /** Route options: authentication, the permission check (before validation) and the audit entry. */
  const guarded = (scope: AgentScope | 'base') => ({
    config: { auth: AGENT_POLICY },
    onRequest: async (request: FastifyRequest) => {
      const settings = await cr.settings.get();
      if (scope === 'base') authorizeAgentBase(settings, request.principal);
      else authorizeAgent(settings, request.principal, scope);
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      await recordAgentCall(cr, request, reply);
      return payload;
    },
  });
  const tags = ['cartrecovery-agent'];

  app.get(
    `${P}/manifest`,
    {
      ...guarded('read'),
      schema: { tags, summary: 'Routes, actions, scopes, gates and your access.', response: { 200: Loose } },
    },
    async (request) => buildManifest(cr, request.principal),
  );

  app.get(
    `${P}/sessions`,
    {
      ...guarded('read'),
      schema: {
        tags,
        summary: 'List sessions (masked unless sensitive).',
        querystring: SessionListQuery,
        response: { 200: Type.Array(Loose) },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 20;
      const { rows, total, notifications } = await sessionsPage(cr.ctx.db, {
        states: request.query.status ? [request.query.status] : undefined,
        ...pageWindow(page, perPage),
      });
      const sensitive = canSeeSensitive(await cr.settings.get(), request.principal);
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: cr.ctx.config.publicUrl });
      return rows.map((row) =>
        sessionView(
          row,
          notifications.filter((n) => n.session_id === row.id),
          { sensitive, shop: cr.ctx.shop },
        ),
      );
    },
  );

  app.get(
    `${P}/sessions/:id`,
    {
      ...guarded('read'),
      schema: {
        tags,
        summary: 'One session with its e-mails and events.',
        params: SessionParams,
        response: { 200: Loose },
      },
    },
    async (request) => {
      const found = await sessionWithHistory(cr.ctx.db, request.params.id, { withEvents: true });
      if (!found) throw new NotFoundError('cartrecovery_session_not_found', 'No session has this id.');
      const sensitive = canSeeSensitive(await cr.settings.get(), request.principal);
      return sessionView(found.session, found.notifications, {
        sensitive,
        shop: cr.ctx.shop,
        events: found.events,
      });
    },
  );

  app.post(
    `${P}/sessions/:id/actions`,
    {
      ...guarded('base'),
      schema: {
        tags,
        summary: 'Run a session action.',
        params: SessionParams,
        body: ActionBody,
        response: { 200: Loose },
      },
    },
    async (request) => {
      const action = request.body.action as keyof typeof SESSION_ACTIONS;
      authorizeAgent(await cr.settings.get(), request.principal, SESSION_ACTIONS[action].scope);
      const outcome = await runSessionAction(cr, {
        sessionId: request.params.id,
        action,
        step: request.body.step,
      });
      if (outcome.deleted) return { success: true, action, deleted: true, detail: outcome.detail };
      const found = await sessionWithHistory(cr.ctx.db, request.params.id, { withEvents: false });
      const sensitive = canSeeSensitive(await cr.settings.get(), request.principal);
      return {
        success: true,
        action,
        detail: outcome.detail,
        session: found
          ? sessionView(found.session, found.notifications, { sensitive, shop: cr.ctx.shop })
          : null,
      };
    },
  );

  app.get(
    `${P}/analytics`,
    {
      ...guarded('read'),
      schema: {
        tags,
        summary: 'Analytics of 7, 30 or 90 days.',
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsReportSchema },
      },
    },
    async (request) =>
      getAnalytics(cr, (request.query.days ?? 30) as AnalyticsPeriod, request.query.window ?? 'current'),
  );

  app.get(
    `${P}/settings`,
    {
      ...guarded('read'),
      schema: { tags, summary: 'Safe settings and the gates.', response: { 200: AgentSettingsView } },
    },
    async () => agentSettingsView(await cr.settings.get()),
  );

  app.patch(
    `${P}/settings`,
    {
      ...guarded('base'),
      schema: {
        tags,
        summary: 'Change safe settings (write) or gates (manage_access).',
        body: AgentSettingsPatch,
        response: { 200: AgentSettingsView },
      },
    },
    async (request) => {
      const settings = await cr.settings.get();
      const patch = request.body as SettingsPatch;
      const keys = Object.keys(patch);
      if (keys.some((k) => (SAFE_SETTING_KEYS as readonly string[]).includes(k)) || keys.length === 0)
        authorizeAgent(settings, request.principal, 'write');
      if (keys.some((k) => (AGENT_GATES as readonly string[]).includes(k)))
        authorizeAgent(settings, request.principal, 'manage_access');
      return agentSettingsView((await cr.settings.update(patch)).next);
    },
  );

  app.get(
    `${P}/campaign`,
    { ...guarded('read'), schema: { tags, summary: 'The campaign.', response: { 200: CampaignSchema } } },
    async () => cr.campaign.get(),
  );

  app.patch(
    `${P}/campaign`,
    {
      ...guarded('write'),
      schema: {
        tags,
        summary: 'Change the campaign.',
        body: CampaignPatchSchema,
        response: { 200: CampaignSchema },
      },
    },
    async (request) => (await cr.campaign.update(request.body)).next,
  );

  app.get(
    `${P}/tokens`,
    {
      ...guarded('manage_tokens'),
      schema: {
        tags,
        summary: 'List bearer tokens.',
        querystring: Type.Object(paginationQuery(20)),
        response: { 200: Type.Array(TokenView) },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 20;
      const { items, total } = await listTokens(cr, pageWindow(page, perPage));
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: cr.ctx.config.publicUrl });
      return items;
    },
  );

  app.post(
    `${P}/tokens`,
    {
      ...guarded('manage_tokens'),
      config: { auth: MINT_POLICY },
      schema: {
        tags,
        summary: 'Create a bearer token (shown once; not with a REST API key).',
        body: TokenCreateBody,
        response: { 201: TokenCreated },
      },
    },
    async (request, reply) => {
      const created = await createAgentToken(cr, request.principal, request.body);
      return reply.code(201).send({
        public_id: created.public_id,
        name: created.name,
        scopes: created.scopes,
        expires_at: created.expires_at,
        token: created.token,
      });
    },
  );

  app.delete(
    `${P}/tokens/:public_id`,
    {
      ...guarded('manage_tokens'),
      schema: {
        tags,
        summary: 'Revoke a bearer token.',
        params: TokenParams,
        response: { 200: Type.Object({ revoked: Type.Boolean(), token: TokenView }) },
      },
    },
    async (request) => ({ revoked: true, token: await revokeToken(cr, request.params.public_id) }),
  );

  app.get(
    `${P}/audit-log`,
    {
      ...guarded('read'),
      schema: {
        tags,
        summary: 'Redacted audit entries, newest first; result and route (its start) narrow the list.',
        querystring: AuditLogQuery,
        response: { 200: Type.Array(Loose) },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 20;
      const { result, route } = request.query;
      const { items, total } = await readAuditLog(cr, pageWindow(page, perPage), { result, route });
      setPaginationHeaders(request, reply, { total, page, perPage, publicUrl: cr.ctx.config.publicUrl });
      return items;
    },
  );
}

function agentSettingsView(settings: Settings): Static<typeof AgentSettingsView> {
  return {
    settings: Object.fromEntries(SAFE_SETTING_KEYS.map((k) => [k, settings[k]])) as Static<
      typeof AgentSettingsView
    >['settings'],
    gates: Object.fromEntries(AGENT_GATES.map((g) => [g, settings[g]])) as Static<
      typeof AgentSettingsView
    >['gates'],
  };
}
