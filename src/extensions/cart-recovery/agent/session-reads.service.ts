import type { DbOrTrx } from '../../../platform/db/database.js';
import {
  type ListedNotificationRow,
  listNotifications,
  listNotificationsOf,
  listNotificationsPage,
  type NotificationRow,
} from '../sequence/notifications.repository.js';
import type { NotificationState, SessionState } from '../sessions/session-states.constants.js';
import {
  findSessionByPublicId,
  findSessionsByEmailHash,
  listEvents,
  listSessions,
  type SessionRow,
} from '../sessions/sessions.repository.js';

/** One page of sessions, the total, and the e-mails of the sessions on the page (the agent list). */
export async function sessionsPage(
  db: DbOrTrx,
  input: { states?: readonly SessionState[]; emailHash?: string; offset: number; limit: number },
): Promise<{ rows: SessionRow[]; total: number; notifications: NotificationRow[] }> {
  const { rows, total } = await listSessions(db, input);
  const notifications = await listNotificationsOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows, total, notifications };
}

/** A session by its public id with its e-mails (and its events when asked), or null. */
export async function sessionWithHistory(
  db: DbOrTrx,
  publicId: string,
  { withEvents }: { withEvents: boolean },
): Promise<{
  session: SessionRow;
  notifications: NotificationRow[];
  events?: Array<{ type: string; data: string; created_at: string }>;
} | null> {
  const session = await findSessionByPublicId(db, publicId);
  if (!session) return null;
  const notifications = await listNotifications(db, session.id);
  return withEvents
    ? { session, notifications, events: await listEvents(db, session.id) }
    : { session, notifications };
}

/** One page of e-mails (newest first) by states, step and address hash (through its sessions), and the total. */
export async function notificationsPage(
  db: DbOrTrx,
  input: {
    states?: readonly NotificationState[];
    step?: number;
    emailHash?: string;
    offset: number;
    limit: number;
  },
): Promise<{ rows: ListedNotificationRow[]; total: number }> {
  const { emailHash, ...rest } = input;
  const sessionIds =
    emailHash === undefined ? undefined : (await findSessionsByEmailHash(db, emailHash)).map((s) => s.id);
  return listNotificationsPage(db, { ...rest, sessionIds });
}
