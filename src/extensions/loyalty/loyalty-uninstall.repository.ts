import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

const TABLES = [
  'loyalty_ledger',
  'loyalty_ledger_counts',
  'loyalty_accounts',
  'loyalty_redemptions',
  'migrations_loyalty',
  'migrations_loyalty_lock',
];

/** Drops every loyalty table and its migration records, and removes stored `manage_loyalty` grants. */
export async function dropLoyaltyData(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of TABLES) await sql`drop table if exists ${sql.table(table)}`.execute(trx);
    await trx.deleteFrom('user_capabilities').where('capability', '=', 'manage_loyalty').execute();
    await trx.deleteFrom('role_capabilities').where('capability', '=', 'manage_loyalty').execute();
  });
}
