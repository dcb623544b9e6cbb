import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { ConflictError, invalid, NotFoundError } from '../../../platform/http/errors.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { hashEmail, maskEmail } from '../common/email-address.js';
import { markAbandoned } from '../sequence/abandonment.service.js';
import {
  cancelPendingNotifications,
  findNotification,
  requeueNotification,
} from '../sequence/notifications.repository.js';
import { sendStep } from '../sequence/send.service.js';
import { cancelSessionJobs } from '../sequence/session-jobs.js';
import {
  deleteSession,
  findSessionByPublicId,
  insertEvent,
  isSuppressed,
  type SessionRow,
  updateSession,
} from '../sessions/sessions.repository.js';
import type { SessionAction } from './agent-surface.js';

/** What an action did. */
export interface ActionOutcome {
  action: SessionAction;
  deleted?: boolean;
  detail: Record<string, unknown>;
}

/** Runs a session action (permissions already checked by the caller through agent-permissions). */
export async function runSessionAction(
  cr: CartRecovery,
  input: { sessionId: string; action: SessionAction; step?: number },
): Promise<ActionOutcome> {
  const session = await findSessionByPublicId(cr.ctx.db, input.sessionId);
  if (!session) throw new NotFoundError('cartrecovery_session_not_found', 'No session has this id.');
  const at = toDbTime(cr.ctx.clock.now());
  switch (input.action) {
    case 'mark_abandoned_now': {
      if (session.status !== 'captured') throw wrongState(session, 'captured');
      const changed = await markAbandoned(cr, session, 'agent');
      if (!changed) throw wrongState(session, 'captured');
      return { action: input.action, detail: { status: 'abandoned' } };
    }
    case 'cancel_pending_emails': {
      const canceled = await cr.ctx.db.transaction().execute(async (trx) => {
        const n = await cancelPendingNotifications(trx, { sessionId: session.id, reason: 'agent', now: at });
        await cancelSessionJobs(cr, trx, session.id, 'sends');
        await insertEvent(trx, {
          sessionId: session.id,
          type: 'emails_canceled',
          data: { count: n, by: 'agent' },
          at,
        });
        return n;
      });
      return { action: input.action, detail: { canceled } };
    }
    case 'send_email_step_now':
      return sendNow(cr, session, input.step);
    case 'expire_session': {
      if (!['captured', 'abandoned', 'suppressed'].includes(session.status))
        throw wrongState(session, 'captured, abandoned or suppressed');
      await cr.ctx.db.transaction().execute(async (trx) => {
        await updateSession(trx, session.id, { status: 'expired', ended_at: at, updated_at: at });
        await cancelPendingNotifications(trx, { sessionId: session.id, reason: 'expired', now: at });
        await cancelSessionJobs(cr, trx, session.id);
        await insertEvent(trx, { sessionId: session.id, type: 'expired', data: { by: 'agent' }, at });
      });
      return { action: input.action, detail: { status: 'expired' } };
    }
    case 'delete_session': {
      await cr.ctx.db.transaction().execute(async (trx) => {
        await cancelSessionJobs(cr, trx, session.id);
        await deleteSession(trx, session.id);
      });
      return { action: input.action, deleted: true, detail: {} };
    }
  }
}

async function sendNow(
  cr: CartRecovery,
  session: SessionRow,
  step: number | undefined,
): Promise<ActionOutcome> {
  if (step === undefined)
    throw invalid('step', 'required', 'step (1–3) is required for send_email_step_now.');
  if (session.status !== 'abandoned') throw wrongState(session, 'abandoned');
  if (await isSuppressed(cr.ctx.db, hashEmail(session.email))) {
    throw new ConflictError('cartrecovery_suppressed', 'The address of this session is suppressed.');
  }
  const existing = await findNotification(cr.ctx.db, session.id, step);
  if (existing && ['sent', 'sending', 'unknown'].includes(existing.status)) {
    throw new ConflictError(
      'cartrecovery_step_already_sent',
      `Step ${step} was already sent (or is being sent).`,
      {
        notification_status: existing.status,
      },
    );
  }
  const at = toDbTime(cr.ctx.clock.now());
  await requeueNotification(cr.ctx.db, {
    sessionId: session.id,
    step,
    scheduledAt: at,
    abandonedAt: session.abandoned_at,
    recipientMask: maskEmail(session.email),
    trigger: 'agent',
    now: at,
  });
  const outcome = await sendStep(cr, {
    sessionId: session.id,
    step,
    workerId: `agent-${session.id}-${step}`,
  });
  if (outcome.result === 'canceled') {
    throw new ConflictError('cartrecovery_send_refused', `The e-mail was not sent: ${outcome.reason}.`, {
      reason: outcome.reason,
    });
  }
  return {
    action: 'send_email_step_now',
    detail: { step, result: outcome.result, notification_id: outcome.notificationId ?? null },
  };
}

function wrongState(session: SessionRow, expected: string): ConflictError {
  return new ConflictError(
    'cartrecovery_invalid_state',
    `The session is ${session.status}; this action needs ${expected}.`,
    {
      session_status: session.status,
    },
  );
}
