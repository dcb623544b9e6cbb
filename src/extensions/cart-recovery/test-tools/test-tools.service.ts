import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { RestError } from '../../../platform/http/errors.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { cartFingerprint, type SnapshotItem } from '../capture/cart-snapshot.js';
import { hashEmail, maskEmail, normalizeEmail } from '../common/email-address.js';
import { hashLinkToken, newLinkToken, newSessionPublicId } from '../common/link-token.js';
import { previewRecoveryEmail } from '../sequence/email-preview.js';
import type { StepTemplate } from '../sequence/email-template.js';
import { queueNotification } from '../sequence/notifications.repository.js';
import { scheduleStepSend } from '../sequence/session-jobs.js';
import { freshLifecycleColumns, insertEvent, insertSession } from '../sessions/sessions.repository.js';

/** Seconds until the first e-mail of a test session goes out. */
export const TEST_EMAIL_DELAY_SECONDS = 30;

/**
 * Test Mode only: a dummy session, already abandoned, for `email` holding the newest purchasable product,
 * with step 1 due in about 30 s. It has no abandonment time, so analytics leave it out.
 */
export async function triggerTestSession(
  cr: CartRecovery,
  email: string,
): Promise<{ session_id: string; message: string }> {
  const { ctx } = cr;
  const settings = await cr.settings.get();
  if (!settings.test_mode)
    throw new RestError('test_mode_disabled', 'Turn Test Mode on in the settings first.', 400);
  if (!email)
    throw new RestError('no_admin_email', 'Your account has no e-mail address to send the test to.', 400);
  const { items: products } = await ctx.shop.searchProducts({
    status: 'publish',
    stockStatus: 'instock',
    orderBy: 'date',
    order: 'desc',
    offset: 0,
    limit: 20,
  });
  const product = products.find((p) => p.purchasable && p.type === 'simple');
  const items: SnapshotItem[] = product
    ? [
        {
          product_id: product.id,
          variation_id: 0,
          quantity: 1,
          name: product.name,
          sku: product.sku,
          price: product.price,
          line_total: product.price,
        },
      ]
    : [];
  const now = ctx.clock.now();
  const at = toDbTime(now);
  const runAt = new Date(now.getTime() + TEST_EMAIL_DELAY_SECONDS * 1000);
  const publicId = newSessionPublicId(now);
  await ctx.db.transaction().execute(async (trx) => {
    const id = await insertSession(trx, {
      session_id: publicId,
      email: normalizeEmail(email),
      email_hash: hashEmail(email),
      status: 'abandoned',
      source: 'test',
      consent_text: settings.consent_text,
      consent_at: at,
      capture_token_hash: hashLinkToken(newLinkToken()),
      cart_session_id: null,
      cart_snapshot: JSON.stringify({ items, coupons: [], origin: 'server' }),
      cart_fingerprint: cartFingerprint(items),
      cart_total: items.reduce((sum, i) => sum + i.line_total, 0),
      currency: ctx.shop.currency.code,
      item_count: items.length,
      ...freshLifecycleColumns(at),
      is_test: 1,
    });
    await insertEvent(trx, { sessionId: id, type: 'test_triggered', at });
    await queueNotification(trx, {
      sessionId: id,
      step: 1,
      scheduledAt: toDbTime(runAt),
      abandonedAt: null,
      recipientMask: maskEmail(email),
      trigger: 'test_flow',
      now: at,
    });
    await scheduleStepSend(cr, trx, { sessionId: id, step: 1, at: runAt });
  });
  return {
    session_id: publicId,
    message: `A test session was created; the first recovery e-mail goes to ${email} in about ${TEST_EMAIL_DELAY_SECONDS} seconds.`,
  };
}

/**
 * Sends a plain test message, or step 1–3's recovery e-mail (its saved template, or an unsaved `template`)
 * rendered through the real layout with sample data or a chosen session's cart.
 */
export async function sendTestEmail(
  cr: CartRecovery,
  input: { to: string; step?: number; template?: StepTemplate; sessionId?: string },
): Promise<{ message: string }> {
  const { ctx } = cr;
  const settings = await cr.settings.get();
  if (!input.to) throw new RestError('no_email', 'No address to send the test e-mail to.', 400);
  let mail: { subject: string; text: string; html?: string };
  if (input.step) {
    const step = (await cr.campaign.get()).steps[input.step - 1];
    mail = await previewRecoveryEmail(cr, {
      template: input.template ?? step,
      couponEnabled: step.coupon_enabled,
      email: input.to,
      sessionId: input.sessionId,
    });
    mail.subject = `[Preview] ${mail.subject}`;
  } else {
    mail = {
      subject: `[${settings.site_title}] Cart recovery test e-mail`,
      text: `This is a test message from the cart recovery extension of ${settings.site_title}. E-mail delivery works.`,
    };
  }
  try {
    await ctx.mail.send({
      to: input.to,
      ...mail,
      tag: input.step ? `cart-recovery:preview${input.step}` : 'cart-recovery:test',
    });
  } catch (error) {
    throw new RestError('email_failed', 'The test e-mail could not be sent.', 502, {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
  return {
    message: input.step
      ? `The preview of step ${input.step} was sent to ${input.to}.`
      : `A test e-mail was sent to ${input.to}.`,
  };
}
