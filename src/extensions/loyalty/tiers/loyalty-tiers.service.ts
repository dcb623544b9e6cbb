import type { Clock } from '../../../platform/clock.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import {
  findAccount,
  listTiers,
  setTier,
  setTierForUsers,
} from '../customers/loyalty-accounts.repository.js';
import type { LoyaltySettings } from '../settings/settings.schemas.js';
import { wholePoints } from '../ledger/points.js';
import {
  type ReferenceType,
  sumCreditsSince,
  sumCreditsSinceByUser,
} from '../ledger/points-ledger.repository.js';
import { tierRank, tierStanding } from './tiers.js';

/** The credits that count towards a tier: what the customer earned, not manual or returned points. */
export const EARNING_TYPES: readonly ReferenceType[] = ['order', 'registration', 'review', 'referral'];
const WINDOW_MS = 365 * 24 * 3600 * 1000;

/** Whole tier points of a customer: earning credits over the last 365 days. */
export async function tierPoints(db: DbOrTrx, clock: Clock, userId: number): Promise<number> {
  return wholePoints(await sumCreditsSince(db, userId, EARNING_TYPES, windowStart(clock)));
}

/** The earning multiplier of a customer (1 when tiers are off or no tier applies). */
export async function tierMultiplier(
  db: DbOrTrx,
  settings: LoyaltySettings,
  userId: number,
): Promise<number> {
  if (!settings.tiers_enabled) return 1;
  const account = await findAccount(db, userId);
  return settings.tiers_config.find((t) => t.name === account?.tier)?.multiplier ?? 1;
}

/** Moves a customer up at once when their tier points now reach a higher tier (never down; see the daily job). */
export async function upgradeTier(
  db: DbOrTrx,
  clock: Clock,
  settings: LoyaltySettings,
  userId: number,
): Promise<void> {
  if (!settings.tiers_enabled) return;
  const { tier } = tierStanding(await tierPoints(db, clock, userId), settings.tiers_config);
  const account = await findAccount(db, userId);
  if (!tier || !account) return;
  if (tierRank(tier.name, settings.tiers_config) > tierRank(account.tier, settings.tiers_config))
    await setTier(db, userId, tier.name);
}

/** Daily: sets every customer's tier from their tier points (this is where downgrades happen); returns changes. */
export async function recalculateTiers(
  db: DbOrTrx,
  clock: Clock,
  settings: LoyaltySettings,
): Promise<number> {
  if (!settings.tiers_enabled) return 0;
  const points = await sumCreditsSinceByUser(db, EARNING_TYPES, windowStart(clock));
  const changes = new Map<string, number[]>();
  for (const account of await listTiers(db)) {
    const tier =
      tierStanding(wholePoints(points.get(account.user_id) ?? 0), settings.tiers_config).tier?.name ?? '';
    if (tier !== account.tier) changes.set(tier, [...(changes.get(tier) ?? []), account.user_id]);
  }
  let changed = 0;
  for (const [tier, userIds] of changes) {
    await setTierForUsers(db, userIds, tier);
    changed += userIds.length;
  }
  return changed;
}

function windowStart(clock: Clock): string {
  return toDbTime(new Date(clock.now().getTime() - WINDOW_MS));
}
