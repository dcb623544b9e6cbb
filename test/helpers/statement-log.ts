import { type DbOrTrx, postgresPool, sqliteHandle } from '../../src/platform/db/database.js';

/** The SQL statements an app sends to its database while recording (transaction begin/commit included). */
export interface StatementLog {
  /** Records the statements `run` sends, in order (each one's SQL, whitespace collapsed). */
  during(run: () => Promise<unknown>): Promise<string[]>;
}

// The cache layer's own check before each request (SQLite: `pragma data_version`; PostgreSQL reads the versions on
// a connection of its own, outside the pool): the platform's per-request cost, not a statement of the route.
const BACKGROUND = /^pragma data_version$/;

/**
 * Wraps the driver of `db` (pg clients as they are checked out of the pool; better-sqlite3 statements) so that
 * every statement sent to the database can be recorded, whatever the layer that sent it.
 */
export function statementLog(db: DbOrTrx): StatementLog {
  let recording: string[] | null = null;
  const record = (text: unknown) => {
    const sql = String(text).replace(/\s+/g, ' ').trim();
    if (recording && !BACKGROUND.test(sql)) recording.push(sql);
  };
  const pool = postgresPool(db);
  if (pool) {
    const wrapped = new WeakSet<object>();
    pool.on('acquire', (client) => {
      if (wrapped.has(client)) return;
      wrapped.add(client);
      const query = client.query as (...args: unknown[]) => unknown;
      client.query = function (this: unknown, ...args: unknown[]) {
        const [first] = args;
        record(typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text);
        return query.apply(this, args);
      } as typeof client.query;
    });
  } else {
    const sqlite = sqliteHandle(db)!;
    const prototype = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<string, unknown>;
    for (const method of ['run', 'all', 'get', 'iterate']) {
      const original = prototype[method] as (...args: unknown[]) => unknown;
      prototype[method] = function (this: { source: string }, ...args: unknown[]) {
        record(this.source);
        return original.apply(this, args);
      };
    }
  }
  return {
    async during(run) {
      recording = [];
      try {
        await run();
        return recording;
      } finally {
        recording = null;
      }
    },
  };
}
