import { type Kysely, sql } from 'kysely';

/**
 * Jobs by group and status, so a module cancels the pending jobs of one subject without reading every pending
 * job of a hook. Not partial: SQLite's planner preferred `jobs_due (status)` over a partial `(group_name)` index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index jobs_group on jobs (group_name, status)`.execute(db);
}
