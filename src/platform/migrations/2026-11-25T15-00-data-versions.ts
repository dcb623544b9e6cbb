import { type Kysely, sql } from 'kysely';

/** One row per cache topic: its version, bumped by every write of the topic inside the writing transaction. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_versions')
    .addColumn('topic', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}
