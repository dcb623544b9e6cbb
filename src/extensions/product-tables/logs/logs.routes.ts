import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { ExtensionContext } from '../../define-extension.js';
import { ADMIN_ROUTE, NS } from '../common/admin-policy.js';
import { activityCsvStream } from './activity-csv.js';
import { actorFromRequest } from './activity-actor.js';
import { clearActivity, listActivity, LOG_LEVELS, logActivity } from './activity-log.service.js';

const tags = ['producttables'];

const EntrySchema = Type.Object({
  id: Type.Integer(),
  time: Type.String({ description: '`YYYY-MM-DDTHH:MM:SS` (UTC)' }),
  level: Type.String(),
  title: Type.String(),
  details: Type.String(),
  user: Type.String(),
  context: Type.Object({
    ip: Type.String(),
    method: Type.String(),
    url: Type.String(),
    user_agent: Type.String(),
  }),
});

/** `GET /logs`, `GET /logs/export`, `POST /logs/clear`. */
export function registerLogRoutes(app: RestApp, ctx: ExtensionContext): void {
  app.get(
    `${NS}/logs`,
    {
      config: ADMIN_ROUTE,
      schema: {
        tags,
        summary: 'Activity-log entries, newest first.',
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
          page: Type.Integer({ minimum: 1, default: 1 }),
          level: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...LOG_LEVELS] })),
          user: Type.Optional(Type.String({ maxLength: 60 })),
          search: Type.Optional(Type.String({ maxLength: 200 })),
          date: Type.Optional(
            Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'One UTC day.' }),
          ),
        }),
        response: {
          200: Type.Object({
            entries: Type.Array(EntrySchema),
            total: Type.Integer(),
            page: Type.Integer(),
            limit: Type.Integer(),
            total_pages: Type.Integer(),
          }),
        },
      },
    },
    async (request, reply) => {
      const { limit, page } = request.query;
      const { entries, total } = await listActivity(ctx, {
        ...request.query,
        level: request.query.level as string | undefined,
      });
      const totalPages = Math.ceil(total / limit);
      reply.header('X-WP-Total', String(total)).header('X-WP-TotalPages', String(totalPages));
      return { entries, total, page, limit, total_pages: totalPages };
    },
  );

  app.get(
    `${NS}/logs/export`,
    {
      config: ADMIN_ROUTE,
      schema: {
        tags,
        summary: 'Every entry as a CSV download (time,level,title,details,user,ip,method,url,user_agent).',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await logActivity(
        ctx,
        { level: 'info', title: 'Logs exported', details: 'CSV of all entries' },
        actorFromRequest(request),
      );
      const stamp = toDbTime(ctx.clock.now()).slice(0, 10);
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="producttables-log-${stamp}.csv"`)
        .header('Cache-Control', 'no-store');
      return reply.send(activityCsvStream(ctx.db));
    },
  );

  app.post(
    `${NS}/logs/clear`,
    {
      config: ADMIN_ROUTE,
      schema: {
        tags,
        summary: 'Deletes every entry (then records that the log was cleared).',
        response: { 200: Type.Object({ success: Type.Boolean(), deleted: Type.Integer() }) },
      },
    },
    async (request) => ({ success: true, deleted: await clearActivity(ctx, actorFromRequest(request)) }),
  );
}
