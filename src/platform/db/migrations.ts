import {
  type ColumnDefinitionBuilderCallback,
  type ColumnDataType,
  type Kysely,
  type Migration,
  type MigrationResultSet,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import type { Db } from './database.js';
import { isPostgres } from './engine.js';

/** For migrations (frozen files import it from here); everything else imports it from `engine.ts`. */
export { isPostgres };

/** A module's migrations: file name (ISO timestamp + what) → migration. Frozen once landed. */
export type MigrationSet = Record<string, Migration>;

/** Runs every module's pending migrations, in module order; throws on the first failure. */
export async function migrateModules(
  db: Db,
  modules: Array<{ name: string; migrations: MigrationSet }>,
): Promise<void> {
  const migrationTableSchema = await ownSchema(db);
  for (const module of modules) {
    const provider: MigrationProvider = { getMigrations: async () => module.migrations };
    const migrator = new Migrator({
      db,
      provider,
      migrationTableSchema,
      migrationTableName: migrationTable(module.name),
      migrationLockTableName: `${migrationTable(module.name)}_lock`,
    });
    let outcome = await migrator.migrateToLatest();
    // Kysely checks for its migration tables by introspecting every schema of the database; on PostgreSQL
    // that query fails when another schema is dropped at the same moment (parallel test schemas, tenants).
    // Such a failure happens before any migration runs, so trying again is safe.
    for (let attempt = 1; attempt <= 3 && failedOutsideMigrations(outcome); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      outcome = await migrator.migrateToLatest();
    }
    const { error, results } = outcome;
    if (error) {
      const failed = results?.find((r) => r.status === 'Error');
      throw new Error(
        `Migration ${module.name}/${failed?.migrationName ?? '?'} failed: ${(error as Error).message}`,
      );
    }
  }
}

function failedOutsideMigrations(outcome: MigrationResultSet): boolean {
  return outcome.error !== undefined && !outcome.results?.some((r) => r.status === 'Error');
}

/** True when every module has no pending migration. */
export async function migrationsDone(
  db: Db,
  modules: Array<{ name: string; migrations: MigrationSet }>,
): Promise<boolean> {
  // Reads the migration tables directly: Kysely's Migrator introspects every schema of the database first,
  // which fails on PostgreSQL while another schema is being dropped (seen with parallel test schemas).
  for (const module of modules) {
    const table = migrationTable(module.name);
    let executed: Set<string>;
    try {
      const { rows } = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db);
      executed = new Set(rows.map((r) => r.name));
    } catch {
      return false; // the table does not exist yet
    }
    if (Object.keys(module.migrations).some((name) => !executed.has(name))) return false;
  }
  return true;
}

function migrationTable(moduleName: string): string {
  return `migrations_${moduleName.replace(/[^a-z0-9]/gi, '_')}`;
}

// PostgreSQL: pin the migration tables to the connection's own schema; otherwise Kysely's existence check
// sees a same-named table in any other schema of the database (parallel test schemas) and skips creating it.
async function ownSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** For migrations: `.addColumn('id', ...idColumn(db))` — an auto-incrementing integer primary key on both engines. */
export function idColumn(db: Kysely<any>): [ColumnDataType, ColumnDefinitionBuilderCallback] {
  return isPostgres(db)
    ? ['serial', (c) => c.primaryKey()]
    : ['integer', (c) => c.primaryKey().autoIncrement()];
}

/** For migrations: `CREATE INDEX` helper usable in both engines with a raw expression list. */
export async function createIndex(
  db: Kysely<any>,
  name: string,
  table: string,
  columns: string,
): Promise<void> {
  await sql`create index ${sql.raw(name)} on ${sql.table(table)} (${sql.raw(columns)})`.execute(db);
}
