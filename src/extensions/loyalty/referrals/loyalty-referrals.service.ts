import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../platform/clock.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import {
  claimReferralCode,
  ensureAccount,
  findAccount,
  findUserIdByReferralCode,
  setReferredBy,
} from '../customers/loyalty-accounts.repository.js';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The customer's referral code, created on first use (8 upper-case characters). */
export async function ensureReferralCode(db: DbOrTrx, clock: Clock, userId: number): Promise<string> {
  const account = await findAccount(db, userId);
  if (account?.referral_code) return account.referral_code;
  await ensureAccount(db, userId, toDbTime(clock.now()));
  for (;;) {
    const code = newCode();
    if (await claimReferralCode(db, userId, code)) {
      const stored = await findAccount(db, userId);
      return stored!.referral_code ?? code;
    }
  }
}

/** Links a new customer to the owner of `code` (not to themselves; only once). */
export async function linkReferrer(
  db: DbOrTrx,
  clock: Clock,
  userId: number,
  code: string,
): Promise<number | null> {
  const referrerId = await findUserIdByReferralCode(db, code);
  if (referrerId === null || referrerId === userId) return null;
  await ensureAccount(db, userId, toDbTime(clock.now()));
  await setReferredBy(db, userId, referrerId);
  return referrerId;
}

/** The id of the customer owning a referral code, or null. */
export function referrerOf(db: DbOrTrx, code: string): Promise<number | null> {
  return findUserIdByReferralCode(db, code);
}

/** The referral link of a code: the site's home URL with `?ref=CODE`. */
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl}/?ref=${encodeURIComponent(code)}`;
}

function newCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return code;
}
