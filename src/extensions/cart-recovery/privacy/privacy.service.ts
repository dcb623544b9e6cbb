import type { CartRecovery } from '../cart-recovery.services.js';
import { readSnapshot } from '../capture/cart-snapshot.js';
import { hashEmail, isValidEmail } from '../common/email-address.js';
import { invalid } from '../../../platform/http/errors.js';
import { listNotificationsOf } from '../sequence/notifications.repository.js';
import { cancelSessionsJobs } from '../sequence/session-jobs.js';
import {
  deleteSessions,
  deleteSuppression,
  findSessionsByEmailHash,
  findSuppression,
  listEvents,
} from '../sessions/sessions.repository.js';

/** Everything held about one address (the data subject's own copy: unmasked). */
export interface PrivacyExport {
  email: string;
  suppressed: { source: string; created_at: string } | null;
  sessions: Array<Record<string, unknown>>;
}

/** Exports every session (any state), its e-mails, events and the suppression record of an address. */
export async function exportPersonalData(cr: CartRecovery, email: string): Promise<PrivacyExport> {
  const emailHash = requireEmail(email);
  const sessions = await findSessionsByEmailHash(cr.ctx.db, emailHash);
  const notifications = await listNotificationsOf(
    cr.ctx.db,
    sessions.map((s) => s.id),
  );
  const out: PrivacyExport['sessions'] = [];
  for (const session of sessions) {
    out.push({
      session_id: session.session_id,
      status: session.status,
      email: session.email,
      source: session.source,
      consent_text: session.consent_text,
      consent_at: session.consent_at,
      cart: readSnapshot(session.cart_snapshot),
      cart_total: session.cart_total,
      currency: session.currency,
      captured_at: session.captured_at,
      last_activity_at: session.last_activity_at,
      abandoned_at: session.abandoned_at,
      recovered_at: session.recovered_at,
      converted_at: session.converted_at,
      order_id: session.order_id,
      coupon_code: session.coupon_code,
      emails: notifications
        .filter((n) => n.session_id === session.id)
        .map((n) => ({
          step: n.step,
          status: n.status,
          sent_at: n.sent_at,
          restore_clicked_at: n.restore_clicked_at,
        })),
      events: (await listEvents(cr.ctx.db, session.id)).map((e) => ({ type: e.type, at: e.created_at })),
    });
  }
  return { email: email.trim(), suppressed: await findSuppression(cr.ctx.db, emailHash), sessions: out };
}

/**
 * Erases every session of an address with everything hanging off it and cancels their jobs. The suppression
 * (a hash, kept so an unsubscribed address stays unsubscribed) goes only with `includeSuppression`.
 */
export async function erasePersonalData(
  cr: CartRecovery,
  email: string,
  options: { includeSuppression?: boolean } = {},
): Promise<{ sessions_erased: number; suppression_erased: boolean }> {
  const emailHash = requireEmail(email);
  const sessions = await findSessionsByEmailHash(cr.ctx.db, emailHash);
  const ids = sessions.map((s) => s.id);
  let erased = 0;
  let suppression = false;
  await cr.ctx.db.transaction().execute(async (trx) => {
    await cancelSessionsJobs(cr, trx, ids);
    erased = await deleteSessions(trx, ids);
    if (options.includeSuppression) suppression = await deleteSuppression(trx, emailHash);
  });
  return { sessions_erased: erased, suppression_erased: suppression };
}

function requireEmail(email: string): string {
  if (!isValidEmail(email)) throw invalid('email', 'email', 'email must be a valid e-mail address.');
  return hashEmail(email);
}
