import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import { type DatabaseConnection, type Dialect, Kysely, PostgresDialect, type Transaction } from 'kysely';
import type pg from 'pg';
import { ImmediateSqliteDialect } from './sqlite-immediate.js';
import { reportingTransactionEnds, type TransactionEndListener } from './transaction-ends.js';

/**
 * Every table of every module. Modules add theirs by declaration merging:
 * `declare module '../../platform/db/database.js' { interface Tables { my_table: MyRow } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each module
export interface Tables {}

/** The typed query builder shared by the whole app. */
export type Db = Kysely<Tables>;
/** A query builder that may be inside a transaction. */
export type DbOrTrx = Kysely<Tables> | Transaction<Tables>;
/** Which engine is behind the query builder. */
export type Engine = 'sqlite' | 'postgres';

/** An open database with its engine and a way to close it. */
export interface Database {
  db: Db;
  engine: Engine;
  destroy(): Promise<void>;
}

/**
 * Opens PostgreSQL when `url` is set (optionally inside one schema), else a SQLite file or `:memory:`.
 * Each driver is loaded only when used: a SQLite server never pays for pg's memory, and the reverse.
 */
export async function openDatabase(options: {
  url: string | null;
  sqliteFile?: string;
  dataDir?: string;
  schema?: string;
}): Promise<Database> {
  if (options.url) {
    const { default: pg } = await import('pg');
    // COUNT/SUM come back from pg as strings for int8/numeric: read them as numbers (values stay < 2^53).
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({
      Client: preparingClient(pg.Client),
      connectionString: options.url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = openKysely(new PostgresDialect({ pool }));
    postgresPools.set(db, pool);
    return { db, engine: 'postgres', destroy: () => db.destroy() };
  }
  let file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:' && options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    file = join(options.dataDir, file);
  }
  const { default: SQLiteDatabase } = await import('better-sqlite3');
  const sqlite = new SQLiteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite's own default page cache (2 MiB) instead of better-sqlite3's 16 MiB: the OS page cache holds the
  // file anyway, and a big export filled the bigger cache without being faster (docs/platform.md).
  sqlite.pragma('cache_size = -2000');
  cachePreparedStatements(sqlite);
  const db = openKysely(new ImmediateSqliteDialect({ database: sqlite }));
  sqliteHandles.set(db, sqlite);
  return { db, engine: 'sqlite', destroy: () => db.destroy() };
}

const sqliteHandles = new WeakMap<Db, SQLite.Database>();
const transactionEndListeners = new WeakMap<Db, Set<TransactionEndListener>>();

function openKysely(dialect: Dialect): Db {
  const listeners = new Set<TransactionEndListener>();
  const db = new Kysely<Tables>({
    dialect: reportingTransactionEnds(dialect, (connection, committed) => {
      for (const listener of listeners) listener(connection, committed);
    }),
  });
  transactionEndListeners.set(db, listeners);
  return db;
}

/** Calls `listener` after every transaction on `db` commits or rolls back (see transaction-ends.ts). */
export function onTransactionEnd(db: Db, listener: TransactionEndListener): () => void {
  const listeners = transactionEndListeners.get(db);
  if (!listeners) throw new Error('onTransactionEnd: not a database opened by openDatabase');
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One connection of the database (the one a transaction runs on). */
export type Connection = DatabaseConnection;

/** The connection a transaction runs on (the one its end is reported with; see `onTransactionEnd`). */
export function connectionOf(trx: DbOrTrx): Promise<DatabaseConnection> {
  return trx.getExecutor().provideConnection(async (connection) => connection);
}

/**
 * The better-sqlite3 connection behind a SQLite query builder (undefined on PostgreSQL), for a repository's
 * measured hot path (e.g. raw-mode keyset batches of a big export). Never keep a statement iterating across
 * an `await`: the connection refuses writes while one is open.
 */
export function sqliteHandle(db: DbOrTrx): SQLite.Database | undefined {
  return sqliteHandles.get(db as Db);
}

const postgresPools = new WeakMap<Db, pg.Pool>();

// Hot statements' SQL texts, each with the name it is prepared under on every PostgreSQL connection.
const preparedNames = new Map<string, string>();

/**
 * Marks a hot statement (its exact SQL text) to be prepared on each PostgreSQL connection the first time it runs
 * there: parsed and planned once, then only bound and run (SQLite's statements are all kept prepared already).
 */
export function preparedOnPostgres(sqlText: string): void {
  if (!preparedNames.has(sqlText)) preparedNames.set(sqlText, `storeside_${preparedNames.size + 1}`);
}

/** pg's client, sending a marked statement (`preparedOnPostgres`) as a named, prepared one. */
function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  class PreparingClient extends Client {}
  const query = Client.prototype.query as (...args: unknown[]) => unknown;
  PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? preparedNames.get(text) : undefined;
    return name ? query.call(this, { name, text, values }) : query.apply(this, args);
  } as typeof Client.prototype.query;
  return PreparingClient;
}

/**
 * The pg pool behind a PostgreSQL query builder (undefined on SQLite), for a repository's measured hot path
 * (e.g. the keyset batches of a big export, read with `rowMode: 'array'`; docs/loyalty.md, "CSV export").
 */
export function postgresPool(db: DbOrTrx): pg.Pool | undefined {
  return postgresPools.get(db as Db);
}

/**
 * Makes `prepare` reuse statements by SQL text (Kysely's SQLite driver prepares on every query; preparing
 * cost more than running the query). A statement still being iterated (a stream) is never handed out twice.
 */
function cachePreparedStatements(sqlite: SQLite.Database, maxStatements = 500): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = prepare(source);
    if (!cached) {
      if (cache.size >= maxStatements) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
