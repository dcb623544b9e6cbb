import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { hashLinkToken } from '../common/link-token.js';
import { cancelPendingNotifications } from '../sequence/notifications.repository.js';
import { cancelSessionJobs } from '../sequence/session-jobs.js';
import { OPEN_STATES } from '../sessions/session-states.constants.js';
import {
  addSuppression,
  findSessionById,
  findSessionsByEmailHash,
  insertEvent,
  updateSession,
} from '../sessions/sessions.repository.js';
import { findToken } from './tokens.repository.js';

/**
 * `?cartrecovery_unsubscribe=<token>` (GET, or the RFC 8058 one-click POST): suppresses the address (its hash),
 * moves every open session of it to `suppressed` and cancels their pending e-mails and jobs. Recovered and
 * converted sessions keep their state. Every e-mail's link works, for ever; repeating it changes nothing.
 */
export async function unsubscribeFromLink(
  cr: CartRecovery,
  token: string,
): Promise<'unsubscribed' | 'invalid'> {
  const { ctx } = cr;
  const row =
    token.length >= 32 && token.length <= 128
      ? await findToken(ctx.db, 'unsubscribe', hashLinkToken(token))
      : null;
  const session = row ? await findSessionById(ctx.db, row.session_id) : null;
  if (!row || !session) return 'invalid';
  await suppressAddress(cr, session.email_hash, 'unsubscribe');
  return 'unsubscribed';
}

/** Suppresses an address hash and closes its open sessions (unsubscribe link, agent, privacy tools). */
export async function suppressAddress(cr: CartRecovery, emailHash: string, source: string): Promise<number> {
  const { ctx } = cr;
  const at = toDbTime(ctx.clock.now());
  const open = await findSessionsByEmailHash(ctx.db, emailHash, OPEN_STATES);
  await ctx.db.transaction().execute(async (trx) => {
    await addSuppression(trx, { emailHash, source, at });
    for (const session of open) {
      const moved = await updateSession(
        trx,
        session.id,
        { status: 'suppressed', ended_at: at, updated_at: at },
        OPEN_STATES,
      );
      if (!moved) continue;
      await cancelPendingNotifications(trx, { sessionId: session.id, reason: 'unsubscribed', now: at });
      await cancelSessionJobs(cr, trx, session.id);
      await insertEvent(trx, { sessionId: session.id, type: 'unsubscribed', data: { source }, at });
    }
  });
  return open.length;
}
