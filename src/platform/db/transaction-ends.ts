import type { DatabaseConnection, Dialect, Driver } from 'kysely';

/** Told when a transaction on `connection` ends: committed, or rolled back (or its commit failed). */
export type TransactionEndListener = (connection: DatabaseConnection, committed: boolean) => void;

/**
 * A dialect whose driver reports the end of every transaction to `listener`, after the database has answered the
 * COMMIT or ROLLBACK: what a cache needs to learn that a write it saw begin is now visible to every reader.
 */
export function reportingTransactionEnds(dialect: Dialect, listener: TransactionEndListener): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new TransactionEndDriver(dialect.createDriver(), listener),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

class TransactionEndDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly listener: TransactionEndListener,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection();
  }

  beginTransaction(...args: Parameters<Driver['beginTransaction']>): Promise<void> {
    return this.inner.beginTransaction(...args);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    let committed = false;
    try {
      await this.inner.commitTransaction(connection);
      committed = true;
    } finally {
      this.listener(connection, committed);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } finally {
      this.listener(connection, false);
    }
  }

  async savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>): Promise<void> {
    await this.inner.savepoint?.(...args);
  }

  async rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>): Promise<void> {
    await this.inner.rollbackToSavepoint?.(...args);
  }

  async releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>): Promise<void> {
    await this.inner.releaseSavepoint?.(...args);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
