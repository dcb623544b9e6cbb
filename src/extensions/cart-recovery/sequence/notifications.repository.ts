import { type Generated, type Selectable, sql } from 'kysely';
import { bumpTopics } from '../../../platform/cache/data-versions.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { type NotificationState, PENDING_NOTIFICATION_STATES } from '../sessions/session-states.constants.js';
import { CART_RECOVERY_TOPICS } from '../cart-recovery.topics.js';

/** The `cr_notifications` table: one row per session and step, claimed before sending (exactly once). */
export interface CrNotificationsTable {
  id: Generated<number>;
  session_id: number;
  step: number;
  status: NotificationState;
  trigger_source: string;
  recipient_mask: string;
  abandoned_at: string | null;
  scheduled_at: string;
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_at: string | null;
  handoff_at: string | null;
  sent_at: string | null;
  failed_at: string | null;
  canceled_at: string | null;
  cancel_reason: string | null;
  last_error: string | null;
  message_id: string | null;
  coupon_code: string | null;
  restore_clicked_at: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../../../platform/db/database.js' {
  interface Tables {
    cr_notifications: CrNotificationsTable;
  }
}

/** A notification row. */
export type NotificationRow = Selectable<CrNotificationsTable>;

/**
 * Queues a step of a session: inserts its row, or re-queues a canceled one; a sent, failed or in-flight
 * row is left alone. Returns true when the step is now queued.
 */
export async function queueNotification(
  db: DbOrTrx,
  input: {
    sessionId: number;
    step: number;
    scheduledAt: string;
    abandonedAt: string | null;
    recipientMask: string;
    trigger: string;
    now: string;
  },
): Promise<boolean> {
  const fields = {
    status: 'queued' as const,
    trigger_source: input.trigger,
    recipient_mask: input.recipientMask,
    abandoned_at: input.abandonedAt,
    scheduled_at: input.scheduledAt,
    canceled_at: null,
    cancel_reason: null,
    updated_at: input.now,
  };
  const result = await db
    .insertInto('cr_notifications')
    .values({ session_id: input.sessionId, step: input.step, created_at: input.now, attempts: 0, ...fields })
    .onConflict((oc) =>
      oc
        .columns(['session_id', 'step'])
        .doUpdateSet({ ...fields, attempts: 0 })
        .where('cr_notifications.status', '=', 'canceled'),
    )
    .executeTakeFirst();
  const queued = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (queued) await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
  return queued;
}

/** Atomically takes a pending step for sending (status → sending, attempts + 1); null when none is pending. */
export async function claimNotification(
  db: DbOrTrx,
  input: { sessionId: number; step: number; workerId: string; now: string },
): Promise<NotificationRow | null> {
  const row = await db
    .updateTable('cr_notifications')
    .set({
      status: 'sending',
      claimed_by: input.workerId,
      claimed_at: input.now,
      handoff_at: null,
      attempts: sql`attempts + 1`,
      updated_at: input.now,
    })
    .where('session_id', '=', input.sessionId)
    .where('step', '=', input.step)
    .where('status', 'in', PENDING_NOTIFICATION_STATES)
    .returningAll()
    .executeTakeFirst();
  if (row) await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
  return row ?? null;
}

/**
 * Moves a claimed notification on, only while this worker still holds it (`sending`, or `unknown` when a
 * slow send outlived the stale-claim limit and its result is now known).
 */
export async function settleClaim(
  db: DbOrTrx,
  input: {
    id: number;
    workerId: string;
    values: Partial<Omit<NotificationRow, 'id'>>;
    fromUnknown?: boolean;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('cr_notifications')
    .set(input.values)
    .where('id', '=', input.id)
    .where('status', 'in', input.fromUnknown ? ['sending', 'unknown'] : ['sending'])
    .where('claimed_by', '=', input.workerId)
    .executeTakeFirst();
  const settled = Number(result.numUpdatedRows) > 0;
  if (settled) await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
  return settled;
}

/** Cancels the pending steps of a session (sent and in-flight ones stay); returns how many. */
export async function cancelPendingNotifications(
  db: DbOrTrx,
  input: { sessionId: number; reason: string; now: string },
): Promise<number> {
  const result = await db
    .updateTable('cr_notifications')
    .set({ status: 'canceled', canceled_at: input.now, cancel_reason: input.reason, updated_at: input.now })
    .where('session_id', '=', input.sessionId)
    .where('status', 'in', PENDING_NOTIFICATION_STATES)
    .executeTakeFirst();
  const canceled = Number(result.numUpdatedRows);
  if (canceled > 0) await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
  return canceled;
}

/** Every notification of a session, by step. */
export async function listNotifications(db: DbOrTrx, sessionId: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('cr_notifications')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('step')
    .execute();
}

/** Notifications of many sessions (one query), by session then step. */
export async function listNotificationsOf(db: DbOrTrx, sessionIds: number[]): Promise<NotificationRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('cr_notifications')
    .selectAll()
    .where('session_id', 'in', sessionIds)
    .orderBy('session_id')
    .orderBy('step')
    .execute();
}

/** A notification with its session's public id and address (the admin e-mails list). */
export type ListedNotificationRow = NotificationRow & { public_session_id: string; email: string };

/** A page of notifications (newest first) filtered by states, step and sessions, and the total. */
export async function listNotificationsPage(
  db: DbOrTrx,
  input: {
    states?: readonly NotificationState[];
    step?: number;
    sessionIds?: readonly number[];
    offset: number;
    limit: number;
  },
): Promise<{ rows: ListedNotificationRow[]; total: number }> {
  if (input.sessionIds && input.sessionIds.length === 0) return { rows: [], total: 0 };
  let query = db.selectFrom('cr_notifications as n');
  if (input.states && input.states.length > 0) query = query.where('n.status', 'in', input.states);
  if (input.step !== undefined) query = query.where('n.step', '=', input.step);
  if (input.sessionIds) query = query.where('n.session_id', 'in', input.sessionIds);
  const [rows, count] = await Promise.all([
    query
      .innerJoin('cr_sessions as s', 's.id', 'n.session_id')
      .selectAll('n')
      .select(['s.session_id as public_session_id', 's.email as email'])
      .orderBy('n.id', 'desc')
      .offset(input.offset)
      .limit(input.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** One notification by session and step. */
export async function findNotification(
  db: DbOrTrx,
  sessionId: number,
  step: number,
): Promise<NotificationRow | null> {
  return (
    (await db
      .selectFrom('cr_notifications')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('step', '=', step)
      .executeTakeFirst()) ?? null
  );
}

/** The highest step already sent for a session (0 when none). */
export async function highestSentStep(db: DbOrTrx, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('cr_notifications')
    .select((eb) => eb.fn.max('step').as('step'))
    .where('session_id', '=', sessionId)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(row?.step ?? 0);
}

/** Claims older than `cutoff` that are still `sending` (their worker stopped or died). */
export async function findStaleClaims(db: DbOrTrx, cutoff: string, limit = 100): Promise<NotificationRow[]> {
  return db
    .selectFrom('cr_notifications')
    .selectAll()
    .where('status', '=', 'sending')
    .where('claimed_at', '<', cutoff)
    .limit(limit)
    .execute();
}

/** Sets the abandonment time copied on a session's notifications (kept for indexed analytics). */
export async function setNotificationsAbandonedAt(
  db: DbOrTrx,
  sessionId: number,
  abandonedAt: string,
): Promise<void> {
  await db
    .updateTable('cr_notifications')
    .set({ abandoned_at: abandonedAt })
    .where('session_id', '=', sessionId)
    .execute();
  await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
}

/** One notification by id. */
export async function findNotificationById(db: DbOrTrx, id: number): Promise<NotificationRow | null> {
  return (
    (await db.selectFrom('cr_notifications').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  );
}

/** Records the first restore click of a notification's link. */
export async function markNotificationClicked(db: DbOrTrx, id: number, at: string): Promise<void> {
  await db
    .updateTable('cr_notifications')
    .set({ restore_clicked_at: at })
    .where('id', '=', id)
    .where('restore_clicked_at', 'is', null)
    .execute();
  await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
}

/** Queues a step for an immediate send: inserts it, or re-queues it when canceled or failed (agent action). */
export async function requeueNotification(
  db: DbOrTrx,
  input: {
    sessionId: number;
    step: number;
    scheduledAt: string;
    abandonedAt: string | null;
    recipientMask: string;
    trigger: string;
    now: string;
  },
): Promise<void> {
  await queueNotification(db, input);
  await db
    .updateTable('cr_notifications')
    .set({ trigger_source: input.trigger, scheduled_at: input.scheduledAt, updated_at: input.now })
    .where('session_id', '=', input.sessionId)
    .where('step', '=', input.step)
    .where('status', 'in', PENDING_NOTIFICATION_STATES)
    .execute();
  await db
    .updateTable('cr_notifications')
    .set({
      status: 'queued',
      attempts: 0,
      trigger_source: input.trigger,
      scheduled_at: input.scheduledAt,
      updated_at: input.now,
    })
    .where('session_id', '=', input.sessionId)
    .where('step', '=', input.step)
    .where('status', '=', 'failed')
    .execute();
  await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
}
