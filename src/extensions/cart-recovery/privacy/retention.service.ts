import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { cancelSessionsJobs } from '../sequence/session-jobs.js';
import {
  anonymizeSessions,
  deleteSessions,
  findAnonymizedBefore,
  findSessionIdsCapturedBefore,
} from '../sessions/sessions.repository.js';

const BATCH = 500;
/** Anonymised figures of closed sessions are kept this long for reporting, then deleted too. */
export const ANONYMIZED_KEEP_DAYS = 365;

/**
 * The daily retention prune, for every state: sessions captured more than `data_retention_days` ago are deleted
 * when open, suppressed or expired (with their pending jobs), and anonymised when closed by an order
 * (recovered / converted: the figures stay, the address, cart and links go); anonymised rows go after a year.
 */
export async function pruneExpiredData(cr: CartRecovery): Promise<{ deleted: number; anonymized: number }> {
  const { ctx } = cr;
  const now = ctx.clock.now();
  const retention = (await cr.settings.get()).data_retention_days;
  const cutoff = toDbTime(new Date(now.getTime() - retention * 86_400_000));
  const at = toDbTime(now);
  let deleted = 0;
  let anonymized = 0;
  for (;;) {
    const ids = await findSessionIdsCapturedBefore(ctx.db, {
      cutoff,
      states: ['captured', 'abandoned', 'suppressed', 'expired'],
      limit: BATCH,
    });
    if (ids.length === 0) break;
    await ctx.db.transaction().execute(async (trx) => {
      await cancelSessionsJobs(cr, trx, ids);
      deleted += await deleteSessions(trx, ids);
    });
  }
  for (;;) {
    const ids = await findSessionIdsCapturedBefore(ctx.db, {
      cutoff,
      states: ['recovered', 'converted'],
      notAnonymized: true,
      limit: BATCH,
    });
    if (ids.length === 0) break;
    await ctx.db.transaction().execute((trx) => anonymizeSessions(trx, ids, at));
    anonymized += ids.length;
  }
  const yearAgo = toDbTime(new Date(now.getTime() - ANONYMIZED_KEEP_DAYS * 86_400_000));
  for (;;) {
    const ids = await findAnonymizedBefore(ctx.db, yearAgo, BATCH);
    if (ids.length === 0) break;
    deleted += await deleteSessions(ctx.db, ids);
  }
  return { deleted, anonymized };
}
