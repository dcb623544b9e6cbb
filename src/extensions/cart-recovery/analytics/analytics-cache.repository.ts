import type { DbOrTrx } from '../../../platform/db/database.js';

declare module '../../../platform/db/database.js' {
  interface Tables {
    cr_analytics_cache: { period_days: number; value: string; expires_at: string };
  }
}

/** The cached JSON of a period while not expired at `now`, or null. */
export async function readCachedPeriod(db: DbOrTrx, days: number, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('cr_analytics_cache')
    .select('value')
    .where('period_days', '=', days)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** Stores a period's JSON until `expiresAt`. */
export async function writeCachedPeriod(
  db: DbOrTrx,
  days: number,
  value: string,
  expiresAt: string,
): Promise<void> {
  await db
    .insertInto('cr_analytics_cache')
    .values({ period_days: days, value, expires_at: expiresAt })
    .onConflict((oc) => oc.column('period_days').doUpdateSet({ value, expires_at: expiresAt }))
    .execute();
}

/** Drops the cached periods given. */
export async function dropCachedPeriods(db: DbOrTrx, days: number[]): Promise<void> {
  if (days.length === 0) return;
  await db.deleteFrom('cr_analytics_cache').where('period_days', 'in', days).execute();
}
