import type { Generated } from 'kysely';
import { bumpTopics } from '../../../platform/cache/data-versions.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { deepMerge } from '../config/deep.js';
import { factoryTableConfig } from '../config/table-config.defaults.js';
import type { TableConfig, TableStatus } from '../config/table-config.schemas.js';
import { PRODUCT_TABLES_TOPICS } from '../product-tables.topics.js';

declare module '../../../platform/db/database.js' {
  interface Tables {
    ptables_tables: ProductTableRow;
  }
}

/** A stored table: its configuration parts as JSON text. */
export interface ProductTableRow {
  id: Generated<number>;
  title: string;
  status: string;
  source: string;
  columns: string;
  settings: string;
  style: string;
  created_at: string;
  modified_at: string;
}

/** A table as the service sees it. */
export interface StoredTable extends TableConfig {
  id: number;
  created_at: string;
  modified_at: string;
}

/** Every table, newest first. */
export async function listTables(db: DbOrTrx): Promise<StoredTable[]> {
  const rows = await db
    .selectFrom('ptables_tables')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(fromRow);
}

/** One table, or null. */
export async function findTable(db: DbOrTrx, id: number): Promise<StoredTable | null> {
  const row = await db.selectFrom('ptables_tables').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** Stores a new table; returns its id. */
export async function insertTable(db: DbOrTrx, config: TableConfig, now: string): Promise<number> {
  await bumpTopics(db, PRODUCT_TABLES_TOPICS.tables);
  const row = await db
    .insertInto('ptables_tables')
    .values({ ...toRow(config), created_at: now, modified_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a table's configuration. */
export async function updateTable(db: DbOrTrx, id: number, config: TableConfig, now: string): Promise<void> {
  await bumpTopics(db, PRODUCT_TABLES_TOPICS.tables);
  await db
    .updateTable('ptables_tables')
    .set({ ...toRow(config), modified_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes one table; true when it existed. */
export async function deleteTable(db: DbOrTrx, id: number): Promise<boolean> {
  await bumpTopics(db, PRODUCT_TABLES_TOPICS.tables);
  const result = await db.deleteFrom('ptables_tables').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every table; returns how many. */
export async function deleteAllTables(db: DbOrTrx): Promise<number> {
  await bumpTopics(db, PRODUCT_TABLES_TOPICS.tables);
  const result = await db.deleteFrom('ptables_tables').executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Number of tables by status. */
export async function countTablesByStatus(db: DbOrTrx): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('ptables_tables')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

function toRow(config: TableConfig) {
  return {
    title: config.title,
    status: config.status,
    source: JSON.stringify(config.source),
    columns: JSON.stringify(config.columns),
    settings: JSON.stringify(config.settings),
    style: JSON.stringify(config.style),
  };
}

function fromRow(row: {
  id: number;
  title: string;
  status: string;
  source: string;
  columns: string;
  settings: string;
  style: string;
  created_at: string;
  modified_at: string;
}): StoredTable {
  // Rows written before a newer version added keys get those keys from the factory configuration.
  const defaults = factoryTableConfig();
  return {
    id: row.id,
    title: row.title,
    status: row.status as TableStatus,
    source: deepMerge(defaults.source, JSON.parse(row.source)),
    columns: JSON.parse(row.columns),
    settings: deepMerge(defaults.settings, JSON.parse(row.settings)),
    style: deepMerge(defaults.style, JSON.parse(row.style)),
    created_at: row.created_at,
    modified_at: row.modified_at,
  };
}

/** Tables by id (any status), unknown ids left out. */
export async function findTablesByIds(db: DbOrTrx, ids: number[]): Promise<StoredTable[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('ptables_tables')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map(fromRow);
}
