import type { DbOrTrx } from '../../../platform/db/database.js';
import { fromDbTime, toDbTime } from '../../../platform/db/sql-helpers.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { maskEmail } from '../common/email-address.js';
import {
  findInactiveCaptured,
  findSessionById,
  insertEvent,
  type SessionRow,
  updateSession,
} from '../sessions/sessions.repository.js';
import {
  findStaleClaims,
  queueNotification,
  setNotificationsAbandonedAt,
  settleClaim,
} from './notifications.repository.js';
import { MAX_SEND_ATTEMPTS } from './send.service.js';
import { scheduleAbandonmentCheck, scheduleStepSend } from './session-jobs.js';

/** Captured sessions the 5-minute sweep marks per run (it runs again 5 minutes later). */
const SWEEP_BATCH = 500;
/** A `sending` claim older than this lost its worker. */
export const STALE_CLAIM_MINUTES = 15;

/** The exact per-session check: abandons the session when it is still captured and idle for the timeout. */
export async function checkSessionAbandonment(cr: CartRecovery, sessionId: number): Promise<void> {
  const session = await findSessionById(cr.ctx.db, sessionId);
  if (session?.status !== 'captured') return;
  const timeout = (await cr.settings.get()).abandonment_timeout;
  const due = new Date(fromDbTime(session.last_activity_at).getTime() + timeout * 60_000);
  if (due > cr.ctx.clock.now()) {
    // Activity moved it later (a later check exists) or the timeout grew: check again when due.
    await scheduleAbandonmentCheck(cr, cr.ctx.db, session.id, due);
    return;
  }
  await markAbandoned(cr, session, 'exact');
}

/** The 5-minute sweep: abandons idle captured sessions the exact checks missed and settles lost send claims. */
export async function sweepAbandonment(
  cr: CartRecovery,
): Promise<{ abandoned: number; staleClaims: number }> {
  const now = cr.ctx.clock.now();
  const timeout = (await cr.settings.get()).abandonment_timeout;
  const idle = await findInactiveCaptured(
    cr.ctx.db,
    toDbTime(new Date(now.getTime() - timeout * 60_000)),
    SWEEP_BATCH,
  );
  let abandoned = 0;
  for (const session of idle) if (await markAbandoned(cr, session, 'sweep')) abandoned++;
  return { abandoned, staleClaims: await sweepStaleClaims(cr) };
}

/**
 * Marks a captured session abandoned (only if it still is captured) and, when the campaign is on, queues every
 * step not sent yet at abandonment + delay. Returns false when another worker got there first.
 */
export async function markAbandoned(
  cr: CartRecovery,
  session: SessionRow,
  trigger: string,
): Promise<boolean> {
  const { ctx } = cr;
  const now = ctx.clock.now();
  const at = toDbTime(now);
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const ok = await updateSession(
      trx,
      session.id,
      { status: 'abandoned', abandoned_at: at, updated_at: at },
      ['captured'],
    );
    if (!ok) return false;
    await insertEvent(trx, { sessionId: session.id, type: 'abandoned', data: { trigger }, at });
    await setNotificationsAbandonedAt(trx, session.id, at);
    await queueSequence(cr, trx, { ...session, abandoned_at: at }, now, 'abandonment_sequence');
    return true;
  });
  return changed;
}

/** Queues and schedules the campaign's steps for an abandoned session (no-op when the campaign is off). */
export async function queueSequence(
  cr: CartRecovery,
  db: DbOrTrx,
  session: SessionRow,
  abandonedAt: Date,
  trigger: string,
): Promise<number> {
  const campaign = await cr.campaign.get(db);
  if (!campaign.enabled) return 0;
  let queued = 0;
  for (const [index, step] of campaign.steps.entries()) {
    const runAt = new Date(abandonedAt.getTime() + step.delay_minutes * 60_000);
    const ok = await queueNotification(db, {
      sessionId: session.id,
      step: index + 1,
      scheduledAt: toDbTime(runAt),
      abandonedAt: session.abandoned_at,
      recipientMask: maskEmail(session.email),
      trigger,
      now: toDbTime(cr.ctx.clock.now()),
    });
    if (!ok) continue;
    await scheduleStepSend(cr, db, { sessionId: session.id, step: index + 1, at: runAt });
    queued++;
  }
  return queued;
}

/**
 * Settles `sending` claims whose worker stopped: one that never handed the message to the transport goes back
 * to `retry_queued` (with a job); one that did is `unknown` — it may have been delivered, so it is never resent.
 */
export async function sweepStaleClaims(cr: CartRecovery): Promise<number> {
  const { ctx } = cr;
  const now = ctx.clock.now();
  const at = toDbTime(now);
  const stale = await findStaleClaims(
    ctx.db,
    toDbTime(new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000)),
  );
  for (const claim of stale) {
    await ctx.db.transaction().execute(async (trx) => {
      const reached = claim.handoff_at !== null;
      const exhausted = !reached && claim.attempts >= MAX_SEND_ATTEMPTS;
      const moved = await settleClaim(trx, {
        id: claim.id,
        workerId: claim.claimed_by ?? '',
        values: reached
          ? {
              status: 'unknown',
              last_error: 'The worker stopped after handing the message to the mail transport.',
              updated_at: at,
            }
          : exhausted
            ? {
                status: 'failed',
                failed_at: at,
                last_error: 'The worker stopped before sending (last attempt).',
                updated_at: at,
              }
            : {
                status: 'retry_queued',
                last_error: 'The worker stopped before sending.',
                scheduled_at: at,
                updated_at: at,
              },
      });
      if (moved && !reached && !exhausted)
        await scheduleStepSend(cr, trx, {
          sessionId: claim.session_id,
          step: claim.step,
          at: now,
          unique: false,
        });
    });
  }
  return stale.length;
}
