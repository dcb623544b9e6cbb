import { sql } from 'kysely';
import type { DbOrTrx } from './database.js';
import { isPostgres } from './engine.js';

/**
 * PostgreSQL: takes the transaction-scoped lock named `name` (in this schema), held until the transaction ends, so
 * the writers that take it first run one after another instead of deadlocking on each other's rows. SQLite has one
 * writer at a time already: nothing to do.
 */
export async function lockWriters(db: DbOrTrx, name: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ${name}))`.execute(db);
}
