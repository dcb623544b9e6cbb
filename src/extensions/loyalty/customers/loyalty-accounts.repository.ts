import type { DbOrTrx } from '../../../platform/db/database.js';
import { containsInsensitive } from '../../../platform/db/sql-helpers.js';
import type { AccountsTable } from '../ledger/points-ledger.repository.js';

/** A user found by the admin search, with the stored balance (hundredths). */
export interface UserWithBalance {
  id: number;
  display_name: string;
  user_email: string;
  balance: number;
}

/** A customer's account row, or null when nothing was ever written for them. */
export async function findAccount(db: DbOrTrx, userId: number): Promise<AccountsTable | null> {
  return (
    (await db.selectFrom('loyalty_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst()) ??
    null
  );
}

/** Ensures an account row exists (balance 0) without touching an existing one. */
export async function ensureAccount(db: DbOrTrx, userId: number, now: string): Promise<void> {
  await db
    .insertInto('loyalty_accounts')
    .values({ user_id: userId, balance: 0, tier: '', updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Users whose display name, e-mail or username contains `term` (case-insensitive), with balances. */
export async function searchUsersWithBalance(
  db: DbOrTrx,
  term: string,
  limit: number,
): Promise<UserWithBalance[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('loyalty_accounts', 'loyalty_accounts.user_id', 'users.id')
    .select(['users.id', 'users.display_name', 'users.email as user_email', 'loyalty_accounts.balance'])
    .where((eb) =>
      eb.or([
        containsInsensitive(eb.ref('users.display_name'), term),
        containsInsensitive(eb.ref('users.email'), term),
        containsInsensitive(eb.ref('users.username'), term),
      ]),
    )
    .orderBy('users.display_name')
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, balance: Number(r.balance ?? 0) }));
}

/** True when a user with this id exists. */
export async function userExists(db: DbOrTrx, userId: number): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
  );
}

/** Sets a customer's tier slug. */
export async function setTier(db: DbOrTrx, userId: number, tier: string): Promise<void> {
  await db.updateTable('loyalty_accounts').set({ tier }).where('user_id', '=', userId).execute();
}

/** Every account's user id and stored tier (the daily recalculation walks these). */
export async function listTiers(db: DbOrTrx): Promise<Array<{ user_id: number; tier: string }>> {
  return db.selectFrom('loyalty_accounts').select(['user_id', 'tier']).execute();
}

/** Sets the tier of many customers at once. */
export async function setTierForUsers(db: DbOrTrx, userIds: number[], tier: string): Promise<void> {
  for (let i = 0; i < userIds.length; i += 500) {
    await db
      .updateTable('loyalty_accounts')
      .set({ tier })
      .where('user_id', 'in', userIds.slice(i, i + 500))
      .execute();
  }
}

/** Stores a referral code if the customer has none yet; false when the code is taken by someone else. */
export async function claimReferralCode(db: DbOrTrx, userId: number, code: string): Promise<boolean> {
  const taken = await db
    .selectFrom('loyalty_accounts')
    .select('user_id')
    .where('referral_code', '=', code)
    .executeTakeFirst();
  if (taken) return taken.user_id === userId;
  await db
    .updateTable('loyalty_accounts')
    .set({ referral_code: code })
    .where('user_id', '=', userId)
    .where('referral_code', 'is', null)
    .execute();
  return true;
}

/** The customer owning a referral code, or null. */
export async function findUserIdByReferralCode(db: DbOrTrx, code: string): Promise<number | null> {
  const row = await db
    .selectFrom('loyalty_accounts')
    .select('user_id')
    .where('referral_code', '=', code)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Records who referred a customer (only once). */
export async function setReferredBy(db: DbOrTrx, userId: number, referrerId: number): Promise<void> {
  await db
    .updateTable('loyalty_accounts')
    .set({ referred_by: referrerId })
    .where('user_id', '=', userId)
    .where('referred_by', 'is', null)
    .execute();
}
