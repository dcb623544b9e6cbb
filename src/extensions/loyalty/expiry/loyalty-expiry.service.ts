import type { ExtensionContext } from '../../define-extension.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { debugLog } from '../common/loyalty-log.js';
import type { LoyaltySettings } from '../settings/settings.schemas.js';
import {
  closeExpiredLots,
  expiredLotsLeft,
  lockAccount,
  usersWithExpiredLots,
} from '../ledger/points-ledger.repository.js';
import { recordEntry } from '../ledger/points-ledger.service.js';

/**
 * Daily: for each customer holding credits past `expires_at`, closes those lots and writes one `expiry`
 * debit for what was left of them (debits consume lots first-in first-out, so older points go first).
 * The debit never takes the balance below zero. Returns the number of customers touched.
 */
export async function expirePoints(ctx: ExtensionContext, settings: LoyaltySettings): Promise<number> {
  let touched = 0;
  for (;;) {
    const now = toDbTime(ctx.clock.now());
    const userIds = await usersWithExpiredLots(ctx.db, now, 200);
    if (userIds.length === 0) return touched;
    for (const userId of userIds) {
      await ctx.db.transaction().execute(async (trx) => {
        const balance = await lockAccount(trx, userId, now);
        const left = await expiredLotsLeft(trx, userId, now);
        const amount = Math.min(left, Math.max(0, balance));
        // The debit stands for the lots closed right after it (closing them last keeps the lock order).
        if (amount > 0)
          await recordEntry(trx, ctx.clock, {
            userId,
            type: 'debit',
            amount,
            referenceType: 'expiry',
            referenceId: 0,
            description: 'Points expired',
            consumeLots: false,
          });
        await closeExpiredLots(trx, userId, now);
        if (amount > 0) debugLog(ctx.logger, settings, 'points expired', { user: userId, amount });
      });
      touched++;
    }
  }
}
