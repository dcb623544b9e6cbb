import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { NotFoundError } from '../../../platform/http/errors.js';
import type { ExtensionContext } from '../../define-extension.js';
import { changedPaths } from '../config/deep.js';
import { factoryTableConfig } from '../config/table-config.defaults.js';
import type { TableConfig, TableConfigInput } from '../config/table-config.schemas.js';
import { applyTableConfig } from '../config/table-config.service.js';
import type { ActivityActor } from '../logs/activity-actor.js';
import { logActivity } from '../logs/activity-log.service.js';
import type { PluginSettings } from '../settings/settings.schemas.js';
import { readSettings } from '../settings/settings.js';
import { countSourceProducts } from '../storefront/table-query.js';
import {
  countTablesByStatus,
  deleteTable,
  findTable,
  insertTable,
  listTables,
  type StoredTable,
  updateTable,
} from './tables.repository.js';

/** A table as `GET /tables` lists it. */
export interface TableSummary {
  id: number;
  title: string;
  status: string;
  source: TableConfig['source'];
  shortcode: string;
  created: string;
  modified: string;
  product_count: number;
}

/** A table with its whole configuration. */
export interface TableRecord extends TableSummary, Omit<TableConfig, 'title' | 'status' | 'source'> {
  permalink: string;
}

/** Number of tables per status (the system status screen). */
export function tableCountsByStatus(ctx: ExtensionContext): Promise<Record<string, number>> {
  return countTablesByStatus(ctx.db);
}

/** Every table, newest first, with its product count. */
export async function listTableSummaries(ctx: ExtensionContext): Promise<TableSummary[]> {
  const tables = await listTables(ctx.db);
  const counts = await countSourceProducts(
    ctx.shop,
    tables.map((t) => t.source),
  );
  return tables.map((table, i) => summary(table, counts[i]!));
}

/** One table's full record; unknown id → 404 `producttables_not_found`. */
export async function getTableRecord(ctx: ExtensionContext, id: number): Promise<TableRecord> {
  return toRecord(ctx, await requireTable(ctx, id));
}

/** A stored table (any status), or 404. */
export async function requireTable(ctx: ExtensionContext, id: number): Promise<StoredTable> {
  const table = await findTable(ctx.db, id);
  if (!table) throw tableNotFound(id);
  return table;
}

/** The configuration a new table starts from: the factory title and status with the merged `table_defaults`. */
export function newTableDefaults(settings: PluginSettings): TableConfig {
  const { title, status } = factoryTableConfig();
  // A copy: the settings may be a cached object shared between requests.
  return { title, status, ...structuredClone(settings.table_defaults) };
}

/** Creates a table (no `id`) or updates one (`id`, 404 when unknown); logs what happened. */
export async function saveTable(
  ctx: ExtensionContext,
  input: TableConfigInput & { id?: number },
  actor: ActivityActor,
): Promise<{ record: TableRecord; created: boolean }> {
  const { id, ...config } = input;
  const now = toDbTime(ctx.clock.now());
  if (id === undefined) {
    const settings = await readSettings(ctx);
    const full = applyTableConfig(newTableDefaults(settings), config);
    const newId = await ctx.db.transaction().execute(async (trx) => {
      const created = await insertTable(trx, full, now);
      await logActivity(
        ctx,
        {
          level: 'success',
          title: 'Table created',
          details: `"${full.title}" (ID ${created}) created with ${full.columns.length} column(s)`,
        },
        actor,
        trx,
      );
      return created;
    });
    return { record: await getTableRecord(ctx, newId), created: true };
  }
  const stored = await requireTable(ctx, id);
  const { id: _id, created_at: _c, modified_at: _m, ...before } = stored;
  const after = applyTableConfig(before, config);
  const changed = changedPaths(before, after);
  await ctx.db.transaction().execute(async (trx) => {
    await updateTable(trx, id, after, now);
    await logActivity(
      ctx,
      {
        level: 'success',
        title: 'Table updated',
        details: `"${after.title}" (ID ${id}) modified: ${changed.length > 0 ? summarizePaths(changed) : 'no changes'}`,
      },
      actor,
      trx,
    );
  });
  return { record: await getTableRecord(ctx, id), created: false };
}

/** Deletes a table for good; returns its record as it was (404 when unknown). */
export async function removeTable(
  ctx: ExtensionContext,
  id: number,
  actor: ActivityActor,
): Promise<TableRecord> {
  const previous = await getTableRecord(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteTable(trx, id))) throw tableNotFound(id);
    await logActivity(
      ctx,
      { level: 'info', title: 'Table deleted', details: `"${previous.title}" (ID ${id}) deleted` },
      actor,
      trx,
    );
  });
  return previous;
}

/** The shortcode that shows a table. */
export function shortcodeOf(id: number): string {
  return `[producttables id="${id}"]`;
}

/** The public page of a table. */
export function permalinkOf(publicUrl: string, id: number): string {
  return `${publicUrl}/product-table/${id}`;
}

function tableNotFound(id: number): NotFoundError {
  return new NotFoundError('producttables_not_found', `No product table with id ${id}.`, { id });
}

async function toRecord(ctx: ExtensionContext, table: StoredTable): Promise<TableRecord> {
  const [count] = await countSourceProducts(ctx.shop, [table.source]);
  return {
    ...summary(table, count!),
    permalink: permalinkOf(ctx.config.publicUrl, table.id),
    columns: table.columns,
    settings: table.settings,
    style: table.style,
  };
}

function summary(table: StoredTable, productCount: number): TableSummary {
  return {
    id: table.id,
    title: table.title,
    status: table.status,
    source: table.source,
    shortcode: shortcodeOf(table.id),
    created: table.created_at.replace(' ', 'T'),
    modified: table.modified_at.replace(' ', 'T'),
    product_count: productCount,
  };
}

function summarizePaths(paths: string[]): string {
  const shown = paths.slice(0, 20).join(', ');
  return paths.length > 20 ? `${shown} and ${paths.length - 20} more` : shown;
}
