import { randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { fromDbTime, toDbTime } from '../../../platform/db/sql-helpers.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { updateSession, type SessionRow } from '../sessions/sessions.repository.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The session's recovery coupon: reused while valid, else a new single-use, individual-use coupon restricted
 * to the captured address (type, amount and expiry from the settings). One active coupon per session.
 */
export async function ensureRecoveryCoupon(
  cr: CartRecovery,
  db: DbOrTrx,
  session: SessionRow,
): Promise<{ code: string; expiresAt: string }> {
  const now = cr.ctx.clock.now();
  if (session.coupon_code && session.coupon_expires_at && fromDbTime(session.coupon_expires_at) > now) {
    return { code: session.coupon_code, expiresAt: session.coupon_expires_at };
  }
  const settings = await cr.settings.get(db);
  const expires = new Date(now.getTime() + settings.coupon_expiry_days * 86_400_000);
  const factor = 10 ** cr.ctx.shop.currency.minorUnit;
  const code = `CR-${randomCode(10)}`;
  await cr.ctx.shop.createCoupon(
    {
      code,
      discount_type: settings.coupon_type,
      amount:
        settings.coupon_type === 'fixed_cart'
          ? Math.round(settings.coupon_amount * factor)
          : Math.round(settings.coupon_amount),
      date_expires: toDbTime(expires),
      usage_limit: 1,
      individual_use: true,
      email_restrictions: [session.email],
      description: `Cart recovery coupon of session ${session.session_id}`,
    },
    db,
  );
  const expiresAt = toDbTime(expires);
  await updateSession(db, session.id, { coupon_code: code, coupon_expires_at: expiresAt });
  return { code, expiresAt };
}

function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return out;
}
