import type { DbOrTrx } from '../../../platform/db/database.js';
import { type CartRecovery, HOOKS } from '../cart-recovery.services.js';

/** Schedules the exact abandonment check of a session at `at` (last activity + timeout). */
export async function scheduleAbandonmentCheck(
  cr: CartRecovery,
  db: DbOrTrx,
  sessionId: number,
  at: Date,
): Promise<void> {
  await cr.ctx.jobs.schedule({ hook: HOOKS.detectSession, args: { session: sessionId }, runAt: at }, db);
}

/** Schedules the exact abandonment checks of several sessions in one statement. */
export async function scheduleAbandonmentChecks(
  cr: CartRecovery,
  db: DbOrTrx,
  checks: Array<{ sessionId: number; at: Date }>,
): Promise<void> {
  await cr.ctx.jobs.scheduleMany(
    checks.map((c) => ({ hook: HOOKS.detectSession, args: { session: c.sessionId }, runAt: c.at })),
    db,
  );
}

/** Schedules the send of one step at `at` (no duplicate while one is pending). */
export async function scheduleStepSend(
  cr: CartRecovery,
  db: DbOrTrx,
  input: { sessionId: number; step: number; at: Date; unique?: boolean },
): Promise<void> {
  await cr.ctx.jobs.schedule(
    {
      hook: HOOKS.sendStep,
      args: { session: input.sessionId, step: input.step },
      runAt: input.at,
      unique: input.unique ?? true,
    },
    db,
  );
}

/** Cancels every pending job of a session (its abandonment checks and step sends). */
export async function cancelSessionJobs(
  cr: CartRecovery,
  db: DbOrTrx,
  sessionId: number,
  which: 'all' | 'sends' = 'all',
): Promise<void> {
  await cr.ctx.jobs.cancel(HOOKS.sendStep, { session: sessionId }, db);
  if (which === 'all') await cr.ctx.jobs.cancel(HOOKS.detectSession, { session: sessionId }, db);
}
