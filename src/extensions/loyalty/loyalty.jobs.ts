import type { ExtensionContext } from '../define-extension.js';
import type { JobHandler } from '../../platform/jobs/job-queue.js';
import { findAccount } from './customers/loyalty-accounts.repository.js';
import { awardOnce, REFERRAL_BONUS_JOB } from './earning/loyalty-earning.service.js';
import { expirePoints } from './expiry/loyalty-expiry.service.js';
import { readSettings } from './settings/settings.js';
import { recalculateTiers } from './tiers/loyalty-tiers.service.js';

/** The daily points-expiry job. */
export const EXPIRE_POINTS_JOB = 'loyalty.expire_points';
/** The daily tier recalculation (downgrades happen here). */
export const RECALCULATE_TIERS_JOB = 'loyalty.recalculate_tiers';
/** Every job hook of the extension. */
export const LOYALTY_JOBS = [EXPIRE_POINTS_JOB, RECALCULATE_TIERS_JOB, REFERRAL_BONUS_JOB];

/** Job handlers of the extension. */
export function loyaltyJobs(ctx: ExtensionContext): Record<string, JobHandler> {
  return {
    async [EXPIRE_POINTS_JOB]() {
      const settings = await readSettings(ctx);
      if (settings.expiry_enabled) await expirePoints(ctx, settings);
    },
    async [RECALCULATE_TIERS_JOB]() {
      await recalculateTiers(ctx.db, ctx.clock, await readSettings(ctx));
    },
    async [REFERRAL_BONUS_JOB](args) {
      const settings = await readSettings(ctx);
      const refereeId = Number(args.refereeId);
      const referrerId = (await findAccount(ctx.db, refereeId))?.referred_by ?? null;
      if (!settings.referrals_enabled || referrerId === null || referrerId === refereeId) return;
      await awardOnce(ctx, ctx.db, settings, {
        userId: referrerId,
        points: settings.referrals_bonusPoints,
        referenceType: 'referral',
        referenceId: Number(args.orderId),
        key: `referral:${refereeId}`,
        description: `Referral bonus for referring user #${refereeId}.`,
      });
    },
  };
}

/** Ensures the daily jobs exist. */
export async function scheduleLoyaltyJobs(ctx: ExtensionContext): Promise<void> {
  await ctx.jobs.scheduleRecurring({ hook: EXPIRE_POINTS_JOB, dailyAt: '03:10' });
  await ctx.jobs.scheduleRecurring({ hook: RECALCULATE_TIERS_JOB, dailyAt: '03:20' });
}
