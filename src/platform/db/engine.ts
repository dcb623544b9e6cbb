import { type Kysely, PostgresAdapter } from 'kysely';
import type { Engine } from './database.js';

/** True when the query builder talks to PostgreSQL (repositories and platform/db only: services never ask). */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The engine behind a query builder. */
export function engineOf(db: Kysely<any>): Engine {
  return isPostgres(db) ? 'postgres' : 'sqlite';
}
