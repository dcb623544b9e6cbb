import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';
import type { ExtensionContext } from '../../define-extension.js';
import { ADMIN_ROUTE, NS } from '../common/admin-policy.js';
import { TableConfigSchema } from '../config/table-config.schemas.js';
import { actorFromRequest } from '../logs/activity-actor.js';
import { readSettings } from '../settings/settings.js';
import type { SaveTableInput } from './tables.schemas.js';
import {
  DeletedTableSchema,
  READ_ONLY_RECORD_FIELDS,
  SaveTableBody,
  TableIdParams,
  TableRecordSchema,
  TableSummarySchema,
} from './tables.schemas.js';
import {
  getTableRecord,
  listTableSummaries,
  newTableDefaults,
  removeTable,
  saveTable,
} from './tables.service.js';

const tags = ['producttables'];

/** `GET|POST /tables`, `GET|DELETE /tables/{id}`, `GET /table-defaults`. */
export function registerTableRoutes(app: RestApp, ctx: ExtensionContext): void {
  app.get(
    `${NS}/tables`,
    {
      config: ADMIN_ROUTE,
      schema: {
        tags,
        summary: 'Every table, newest first, with its product count.',
        response: { 200: Type.Array(TableSummarySchema) },
      },
    },
    async () => listTableSummaries(ctx),
  );

  app.get(
    `${NS}/table-defaults`,
    {
      config: ADMIN_ROUTE,
      schema: {
        tags,
        summary:
          'The configuration a new table starts from (factory defaults, the stored table_defaults over them).',
        response: { 200: TableConfigSchema },
      },
    },
    async () => newTableDefaults(await readSettings(ctx)),
  );

  app.get(
    `${NS}/tables/:id`,
    {
      config: ADMIN_ROUTE,
      schema: {
        tags,
        summary: 'One table with its whole configuration.',
        params: TableIdParams,
        response: { 200: TableRecordSchema },
      },
    },
    async (request) => getTableRecord(ctx, request.params.id),
  );

  app.post(
    `${NS}/tables`,
    {
      config: ADMIN_ROUTE,
      schema: {
        tags,
        summary: 'Creates a table (no data.id, 201) or updates one (data.id, 200).',
        body: SaveTableBody,
        response: { 200: TableRecordSchema, 201: TableRecordSchema },
      },
    },
    async (request, reply) => {
      const data = Object.fromEntries(
        Object.entries(request.body.data).filter(([key]) => !READ_ONLY_RECORD_FIELDS.includes(key)),
      ) as SaveTableInput;
      const { record, created } = await saveTable(ctx, data, actorFromRequest(request));
      if (created)
        reply.code(201).header('Location', `${ctx.config.publicUrl}/wp-json${NS}/tables/${record.id}`);
      return record;
    },
  );

  app.delete(
    `${NS}/tables/:id`,
    {
      config: ADMIN_ROUTE,
      schema: {
        tags,
        summary: 'Deletes a table for good.',
        params: TableIdParams,
        response: { 200: DeletedTableSchema },
      },
    },
    async (request) => ({
      deleted: true as const,
      previous: await removeTable(ctx, request.params.id, actorFromRequest(request)),
    }),
  );
}
