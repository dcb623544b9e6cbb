import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * Kysely's SQLite dialect with transactions opened by `BEGIN IMMEDIATE`: a transaction takes the write lock
 * when it starts, so another process's commit (a CLI command, a second server) can only make it wait
 * (`busy_timeout`). Kysely's plain `BEGIN` takes the lock at the first write; a transaction that read before
 * another connection committed then fails at once with SQLITE_BUSY, whatever the timeout (docs/platform.md).
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  private readonly driverConfig: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.driverConfig = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.driverConfig);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
