import type { DbOrTrx } from '../../../platform/db/database.js';
import type { JobSpec } from '../../../platform/jobs/job-queue.js';
import type { ExtensionServices } from '../../define-extension.js';
import { HOOKS } from '../common/job-hooks.js';

/** Schedules the exact abandonment check of a session at `at` (last activity + timeout). */
export async function scheduleAbandonmentCheck(
  cr: ExtensionServices,
  db: DbOrTrx,
  sessionId: number,
  at: Date,
): Promise<void> {
  await cr.ctx.jobs.schedule(
    { hook: HOOKS.detectSession, args: { session: sessionId }, runAt: at, group: detectGroup(sessionId) },
    db,
  );
}

/** Schedules the exact abandonment checks of several sessions in one statement. */
export async function scheduleAbandonmentChecks(
  cr: ExtensionServices,
  db: DbOrTrx,
  checks: Array<{ sessionId: number; at: Date }>,
): Promise<void> {
  await cr.ctx.jobs.scheduleMany(abandonmentCheckSpecs(checks), db);
}

/** The jobs of the exact abandonment checks of several sessions. */
export function abandonmentCheckSpecs(checks: Array<{ sessionId: number; at: Date }>): JobSpec[] {
  return checks.map((c) => ({
    hook: HOOKS.detectSession,
    args: { session: c.sessionId },
    runAt: c.at,
    group: detectGroup(c.sessionId),
  }));
}

/** Schedules the send of one step at `at` (no duplicate while one is pending). */
export async function scheduleStepSend(
  cr: ExtensionServices,
  db: DbOrTrx,
  input: { sessionId: number; step: number; at: Date; unique?: boolean },
): Promise<void> {
  await cr.ctx.jobs.schedule(
    {
      hook: HOOKS.sendStep,
      args: { session: input.sessionId, step: input.step },
      runAt: input.at,
      unique: input.unique ?? true,
      group: sendGroup(input.sessionId),
    },
    db,
  );
}

/** Cancels every pending job of a session (its abandonment checks and step sends), or only its step sends. */
export async function cancelSessionJobs(
  cr: ExtensionServices,
  db: DbOrTrx,
  sessionId: number,
  which: 'all' | 'sends' = 'all',
): Promise<void> {
  await cancelSessionsJobs(cr, db, [sessionId], which);
}

/** Cancels the pending jobs of many sessions in few statements (each session's jobs are found by their group). */
export async function cancelSessionsJobs(
  cr: ExtensionServices,
  db: DbOrTrx,
  sessionIds: number[],
  which: 'all' | 'sends' = 'all',
): Promise<void> {
  const groups = sessionIds.flatMap((id) =>
    which === 'all' ? [sendGroup(id), detectGroup(id)] : [sendGroup(id)],
  );
  await cr.ctx.jobs.cancelGroups(groups, db);
}

/** The job group of a session's abandonment checks. */
export function detectGroup(sessionId: number): string {
  return `cartrecovery.detect.${sessionId}`;
}

/** The job group of a session's step sends. */
export function sendGroup(sessionId: number): string {
  return `cartrecovery.send.${sessionId}`;
}
