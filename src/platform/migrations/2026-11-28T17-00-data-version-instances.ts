import type { Kysely } from 'kysely';

/**
 * The server processes on this database (PostgreSQL): each renews its lease every second; one that finds itself
 * alone also holds a short "solo" lease, during which it may answer without reading the cache versions first,
 * and a newcomer waits for every solo lease to run out before it serves or writes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_version_instances')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
    .addColumn('solo_until', 'timestamptz')
    .execute();
}
