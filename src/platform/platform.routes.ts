import { Type } from '@sinclair/typebox';
import type { PlatformContext } from './context.js';
import { pageWindow, paginationQuery, setPaginationHeaders } from './http/collection.js';
import { NotFoundError } from './http/errors.js';
import type { RestApp } from './http/server.js';
import { type OutboxRow, outboxMessage, outboxPage } from './mail/mail-outbox.service.js';
import { JobSchema, type OutboxMessage, OutboxMessageSchema } from './platform.schemas.js';

/** `platform/v1`: the jobs table and the mail outbox, for administrators. */
export function registerPlatformRoutes(app: RestApp, ctx: PlatformContext): void {
  app.get(
    '/platform/v1/jobs',
    {
      config: { auth: { access: 'capability', capability: 'manage_options', nonce: 'cookie' } },
      schema: {
        tags: ['platform'],
        summary: 'Scheduled, running and finished jobs, newest first.',
        querystring: Type.Object({
          ...paginationQuery(20),
          status: Type.Optional(
            Type.Union(['pending', 'running', 'complete', 'failed', 'canceled'].map((s) => Type.Literal(s))),
          ),
          hook: Type.Optional(Type.String()),
        }),
        response: { 200: Type.Array(JobSchema) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page = 20, status, hook } = request.query;
      const { rows, total } = await ctx.jobs.list({
        status: status as never,
        hook,
        ...pageWindow(page, per_page),
      });
      setPaginationHeaders(request, reply, {
        total,
        page,
        perPage: per_page,
        publicUrl: ctx.config.publicUrl,
      });
      return rows;
    },
  );

  app.get(
    '/platform/v1/outbox',
    {
      config: { auth: { access: 'capability', capability: 'manage_options', nonce: 'cookie' } },
      schema: {
        tags: ['platform'],
        summary: 'Messages kept in the outbox (and copies of SMTP sends), newest first.',
        querystring: Type.Object({ ...paginationQuery(20), to: Type.Optional(Type.String()) }),
        response: { 200: Type.Array(OutboxMessageSchema) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page = 20, to } = request.query;
      const { offset, limit } = pageWindow(page, per_page);
      const { rows, total } = await outboxPage(ctx.db, { to: to || undefined, offset, limit });
      setPaginationHeaders(request, reply, {
        total,
        page,
        perPage: per_page,
        publicUrl: ctx.config.publicUrl,
      });
      return rows.map(outboxView);
    },
  );

  app.get(
    '/platform/v1/outbox/:id',
    {
      config: { auth: { access: 'capability', capability: 'manage_options', nonce: 'cookie' } },
      schema: {
        tags: ['platform'],
        summary: 'One stored message (headers, text and HTML).',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: OutboxMessageSchema },
      },
    },
    async (request) => {
      const row = await outboxMessage(ctx.db, request.params.id);
      if (!row) throw new NotFoundError('rest_outbox_invalid_id', 'Invalid message ID.');
      return outboxView(row);
    },
  );
}

function outboxView(r: OutboxRow): OutboxMessage {
  return {
    id: r.id,
    message_id: r.message_id,
    transport: r.transport,
    to: r.to_address,
    from: r.from_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    headers: JSON.parse(r.headers),
    tag: r.tag,
    created_at: r.created_at,
  };
}
