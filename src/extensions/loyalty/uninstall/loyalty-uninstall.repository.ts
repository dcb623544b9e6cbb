import { sql } from 'kysely';
import { bumpTopics } from '../../../platform/cache/data-versions.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { LOYALTY_TOPICS } from '../loyalty.topics.js';

const TABLES = [
  'loyalty_ledger',
  'loyalty_ledger_counts',
  'loyalty_accounts',
  'loyalty_redemptions',
  'migrations_loyalty',
  'migrations_loyalty_lock',
];

/** Drops every loyalty table and its migration records. */
export async function dropLoyaltyTables(db: DbOrTrx): Promise<void> {
  for (const table of TABLES) await sql`drop table if exists ${sql.table(table)}`.execute(db);
  // Pages cached from the ledger (on any instance) are gone with it.
  await bumpTopics(db, LOYALTY_TOPICS.ledger);
}
