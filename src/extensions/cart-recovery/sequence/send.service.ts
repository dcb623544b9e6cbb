import { randomUUID } from 'node:crypto';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { hashEmail } from '../common/email-address.js';
import { hashLinkToken, newLinkToken } from '../common/link-token.js';
import { insertToken } from '../links/tokens.repository.js';
import {
  findSessionById,
  insertEvent,
  isSuppressed,
  type SessionRow,
} from '../sessions/sessions.repository.js';
import { sessionEmailValues } from './email-content.js';
import { renderRecoveryEmail } from './email-template.js';
import {
  cancelPendingNotifications,
  claimNotification,
  type NotificationRow,
  settleClaim,
} from './notifications.repository.js';
import { ensureRecoveryCoupon } from './recovery-coupon.js';
import { scheduleStepSend } from './session-jobs.js';

/** Attempts per step before it stays `failed`. */
export const MAX_SEND_ATTEMPTS = 3;
/** Retry n is due 15 × n minutes after the failed attempt. */
export const RETRY_STEP_MINUTES = 15;
/** Restore links stay valid this long after their e-mail. */
export const RESTORE_TOKEN_HOURS = 48;

/** What one send attempt did. */
export interface SendOutcome {
  result: 'sent' | 'skipped' | 'canceled' | 'retry_queued' | 'failed';
  notificationId?: number;
  reason?: string;
}

/**
 * Sends one step of a session exactly once. The notification row is claimed atomically (queued/retry_queued →
 * sending) so a second worker or a duplicate job finds nothing to do; the guards are re-checked inside the
 * claim; `handoff_at` is committed just before the message goes to the mail transport, so a claim whose worker
 * died is retried only when it never reached the transport (see sweepStaleClaims).
 */
export async function sendStep(
  cr: CartRecovery,
  input: { sessionId: number; step: number; workerId?: string },
): Promise<SendOutcome> {
  const { ctx } = cr;
  const workerId = input.workerId ?? randomUUID();
  const prepared = await ctx.db.transaction().execute(async (trx) => {
    const at = toDbTime(ctx.clock.now());
    const claim = await claimNotification(trx, {
      sessionId: input.sessionId,
      step: input.step,
      workerId,
      now: at,
    });
    if (!claim) return { kind: 'skipped' as const };
    const session = await findSessionById(trx, input.sessionId);
    const refusal = session ? await guardRefusal(cr, trx, session) : 'session_missing';
    if (refusal || !session) {
      await settleClaim(trx, {
        id: claim.id,
        workerId,
        values: { status: 'canceled', canceled_at: at, cancel_reason: refusal, updated_at: at },
      });
      if (session) {
        await cancelPendingNotifications(trx, { sessionId: session.id, reason: refusal ?? 'guard', now: at });
        await insertEvent(trx, {
          sessionId: session.id,
          type: 'email_skipped',
          data: { step: input.step, reason: refusal },
          at,
        });
      }
      return { kind: 'canceled' as const, claim, reason: refusal ?? 'guard' };
    }
    const campaign = await cr.campaign.get(trx);
    const template = campaign.steps[input.step - 1];
    const coupon = template.coupon_enabled ? await ensureRecoveryCoupon(cr, trx, session) : null;
    const restoreToken = newLinkToken();
    const unsubscribeToken = newLinkToken();
    await insertToken(trx, {
      session_id: session.id,
      notification_id: claim.id,
      kind: 'restore',
      token_hash: hashLinkToken(restoreToken),
      expires_at: toDbTime(new Date(ctx.clock.now().getTime() + RESTORE_TOKEN_HOURS * 3_600_000)),
      created_at: at,
    });
    await insertToken(trx, {
      session_id: session.id,
      notification_id: claim.id,
      kind: 'unsubscribe',
      token_hash: hashLinkToken(unsubscribeToken),
      expires_at: null,
      created_at: at,
    });
    if (coupon) await settleClaim(trx, { id: claim.id, workerId, values: { coupon_code: coupon.code } });
    return { kind: 'ready' as const, claim, session, template, coupon, restoreToken, unsubscribeToken };
  });
  if (prepared.kind === 'skipped') return { result: 'skipped' };
  if (prepared.kind === 'canceled') {
    return { result: 'canceled', notificationId: prepared.claim.id, reason: prepared.reason };
  }

  const { claim, session } = prepared;
  const base = ctx.config.publicUrl;
  const restoreUrl = `${base}/?cartrecovery_restore=${prepared.restoreToken}`;
  const unsubscribeUrl = `${base}/?cartrecovery_unsubscribe=${prepared.unsubscribeToken}`;
  const values = await sessionEmailValues(cr, session, {
    restoreUrl,
    unsubscribeUrl,
    coupon: prepared.coupon,
  });
  const mail = await renderRecoveryEmail(prepared.template, values);

  await settleClaim(ctx.db, {
    id: claim.id,
    workerId,
    values: { handoff_at: toDbTime(ctx.clock.now()) },
  });
  let messageId: string | null = null;
  let failure: string | null = null;
  try {
    const receipt = await ctx.mail.send({
      to: session.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'X-Cartrecovery-Notification': String(claim.id),
        'X-Cartrecovery-Step': String(claim.step),
      },
      tag: `cart-recovery:step${claim.step}`,
    });
    messageId = receipt.messageId;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  return settleSend(cr, { claim, session, workerId, messageId, failure });
}

async function settleSend(
  cr: CartRecovery,
  input: {
    claim: NotificationRow;
    session: SessionRow;
    workerId: string;
    messageId: string | null;
    failure: string | null;
  },
): Promise<SendOutcome> {
  const { ctx } = cr;
  const { claim, workerId } = input;
  const now = ctx.clock.now();
  const at = toDbTime(now);
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<SendOutcome> => {
    if (input.failure === null) {
      await settleClaim(trx, {
        id: claim.id,
        workerId,
        fromUnknown: true,
        values: {
          status: 'sent',
          sent_at: at,
          message_id: input.messageId,
          last_error: null,
          updated_at: at,
        },
      });
      await insertEvent(trx, {
        sessionId: claim.session_id,
        type: 'email_sent',
        data: { step: claim.step, notification: claim.id },
        at,
      });
      return { result: 'sent', notificationId: claim.id };
    }
    const retry = claim.attempts < MAX_SEND_ATTEMPTS;
    await settleClaim(trx, {
      id: claim.id,
      workerId,
      fromUnknown: true,
      values: {
        status: retry ? 'retry_queued' : 'failed',
        failed_at: at,
        last_error: input.failure.slice(0, 1000),
        updated_at: at,
        ...(retry
          ? { scheduled_at: toDbTime(new Date(now.getTime() + RETRY_STEP_MINUTES * claim.attempts * 60_000)) }
          : {}),
      },
    });
    if (retry) {
      await scheduleStepSend(cr, trx, {
        sessionId: claim.session_id,
        step: claim.step,
        at: new Date(now.getTime() + RETRY_STEP_MINUTES * claim.attempts * 60_000),
        unique: false,
      });
    }
    await insertEvent(trx, {
      sessionId: claim.session_id,
      type: 'email_failed',
      data: { step: claim.step, attempt: claim.attempts, retry },
      at,
    });
    return { result: retry ? 'retry_queued' : 'failed', notificationId: claim.id, reason: input.failure };
  });
  return outcome;
}

/** Why a step must not go out now, or null: still abandoned, not suppressed, no order since the capture. */
async function guardRefusal(cr: CartRecovery, db: DbOrTrx, session: SessionRow): Promise<string | null> {
  if (session.status !== 'abandoned') return 'status_changed';
  if (await isSuppressed(db, hashEmail(session.email))) return 'suppressed';
  const orders = await cr.ctx.shop.findOrders(
    {
      billingEmail: session.email,
      statuses: ['processing', 'completed'],
      createdAfter: session.captured_at,
      limit: 1,
    },
    db,
  );
  return orders.length > 0 ? 'order_exists' : null;
}
