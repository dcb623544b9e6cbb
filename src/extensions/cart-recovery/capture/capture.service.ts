import type { Principal } from '../../../platform/auth/principal.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { ConflictError, ForbiddenError, invalid, ValidationError } from '../../../platform/http/errors.js';
import { safeEqual } from '../../../platform/security/hashing.js';
import type { ShopCart } from '../../../shop/shop-api.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import type { Settings } from '../settings/settings.schemas.js';
import { hashEmail, isValidEmail, normalizeEmail } from '../common/email-address.js';
import { hashLinkToken, newLinkToken, newSessionPublicId } from '../common/link-token.js';
import { cancelPendingNotifications } from '../sequence/notifications.repository.js';
import { cancelSessionJobs, scheduleAbandonmentCheck } from '../sequence/session-jobs.js';
import { OPEN_STATES } from '../sessions/session-states.constants.js';
import {
  deleteSession,
  freshLifecycleColumns,
  findSessionByPublicId,
  insertEvent,
  isSuppressed,
  type SessionRow,
  touchSession,
} from '../sessions/sessions.repository.js';
import { emptyCart, suppressedAddress } from './capture-refusals.js';
import type { NewCapture } from './capture-writer.js';
import {
  type CartSnapshot,
  parseClientLines,
  snapshotColumns,
  snapshotFromClientCart,
  snapshotFromServerCart,
} from './cart-snapshot.js';

/** What the shopper's browser sent to `POST /capture` (already schema-validated). */
export interface CaptureInput {
  email?: string;
  consent: boolean;
  cart: unknown;
  source: 'classic' | 'block';
  session_id?: string;
  capture_token?: string;
}

/** The outcome: HTTP status and body. */
export type CaptureOutcome =
  | { status: 201; body: { success: true; session_id: string; capture_token: string } }
  | { status: 200; body: { success: boolean; session_id?: string; deleted?: boolean; message?: string } };

/** Creates, updates or withdraws a consented capture (reference §1, with ownership by capture token). */
export async function captureCheckout(
  cr: CartRecovery,
  principal: Principal,
  input: CaptureInput,
): Promise<CaptureOutcome> {
  if (!input.consent) return withdrawConsent(cr, input);
  const email = input.email?.trim() ?? '';
  if (!isValidEmail(email)) throw invalid('email', 'email', 'email must be a valid e-mail address.');
  const settings = await cr.settings.get();
  if (!settings.capture_enabled)
    return { status: 200, body: { success: false, message: 'Cart capture is switched off.' } };
  const emailHash = hashEmail(email);
  if (!input.session_id) {
    // A new capture: the writer reads the suppression list and prices the browser's cart once per batch.
    const serverCart = await serverCartOf(cr, principal);
    return createCapture(cr, { email, emailHash, input, settings, ...newCaptureCart(cr, serverCart, input) });
  }
  if (await isSuppressed(cr.ctx.db, emailHash)) throw suppressedAddress();
  const owned = await ownedSession(cr, input.session_id, input.capture_token);
  const snapshot = await buildSnapshot(cr, principal, input.cart);
  if (owned && OPEN_STATES.includes(owned.status))
    return updateCapture(cr, owned, { email, emailHash, snapshot, input });
  if (snapshot.items.length === 0) throw emptyCart();
  return createCapture(cr, {
    email,
    emailHash,
    input,
    settings,
    cart: { snapshot },
    cartSessionId: snapshot.cartSessionId,
  });
}

/** Stores a new capture through the group-committing writer (refusals come back as its 400s). */
async function createCapture(
  cr: CartRecovery,
  input: {
    email: string;
    emailHash: string;
    input: CaptureInput;
    settings: Settings;
    cart: NewCapture['cart'];
    cartSessionId: string | null;
  },
): Promise<CaptureOutcome> {
  const now = cr.ctx.clock.now();
  const at = toDbTime(now);
  const token = newLinkToken();
  const publicId = newSessionPublicId(now);
  await cr.captureWriter.write({
    checkAt: new Date(now.getTime() + input.settings.abandonment_timeout * 60_000),
    cart: input.cart,
    row: {
      session_id: publicId,
      email: normalizeEmail(input.email),
      email_hash: input.emailHash,
      status: 'captured',
      source: input.input.source,
      consent_text: input.settings.consent_text,
      consent_at: at,
      capture_token_hash: hashLinkToken(token),
      cart_session_id: input.cartSessionId,
      ...freshLifecycleColumns(at),
    },
  });
  return { status: 201, body: { success: true, session_id: publicId, capture_token: token } };
}

/** The cart of a new capture: the shopper's own cart when it has items, else the browser's lines. */
function newCaptureCart(
  cr: CartRecovery,
  serverCart: ShopCart | null,
  input: CaptureInput,
): { cart: NewCapture['cart']; cartSessionId: string | null } {
  const cartSessionId = serverCart?.session_id ?? null;
  if (serverCart && serverCart.items.length > 0)
    return {
      cart: { snapshot: snapshotFromServerCart(serverCart, cr.ctx.shop.currency.code) },
      cartSessionId,
    };
  return { cart: { clientLines: parseClientLines(input.cart) }, cartSessionId };
}

/**
 * Refreshes an owned open session. Activity on an abandoned cart brings it back to `captured`: its
 * pending e-mails are cancelled and it is abandoned (and e-mailed, unsent steps only) again after the timeout.
 */
async function updateCapture(
  cr: CartRecovery,
  session: SessionRow,
  input: {
    email: string;
    emailHash: string;
    snapshot: CartSnapshot & { cartSessionId: string | null };
    input: CaptureInput;
  },
): Promise<CaptureOutcome> {
  const { ctx } = cr;
  const now = ctx.clock.now();
  const at = toDbTime(now);
  const timeout = (await cr.settings.get()).abandonment_timeout;
  const keepOld = input.snapshot.items.length === 0;
  await ctx.db.transaction().execute(async (trx) => {
    const reactivated = session.status === 'abandoned';
    await touchSession(trx, session.id, {
      email: normalizeEmail(input.email),
      email_hash: input.emailHash,
      status: 'captured',
      source: input.input.source,
      last_activity_at: at,
      updated_at: at,
      ...(input.snapshot.cartSessionId ? { cart_session_id: input.snapshot.cartSessionId } : {}),
      ...(keepOld ? {} : snapshotColumns(input.snapshot)),
    });
    if (reactivated) {
      await cancelPendingNotifications(trx, { sessionId: session.id, reason: 'reactivated', now: at });
      await cancelSessionJobs(cr, trx, session.id, 'sends');
    }
    await insertEvent(trx, { sessionId: session.id, type: reactivated ? 'reactivated' : 'updated', at });
    await scheduleAbandonmentCheck(cr, trx, session.id, new Date(now.getTime() + timeout * 60_000));
  });
  return { status: 200, body: { success: true, session_id: session.session_id } };
}

/** consent=false: deletes the owned open capture and cancels its pending work. */
async function withdrawConsent(cr: CartRecovery, input: CaptureInput): Promise<CaptureOutcome> {
  if (!input.session_id || !input.capture_token) {
    const fields: Record<string, Record<string, string>> = {};
    if (!input.session_id) fields.session_id = { required: 'session_id is required to withdraw consent.' };
    if (!input.capture_token)
      fields.capture_token = { required: 'capture_token is required to withdraw consent.' };
    throw invalidFields(fields);
  }
  const session = await ownedSession(cr, input.session_id, input.capture_token);
  if (!session) throw invalidProof();
  if (!OPEN_STATES.includes(session.status)) {
    throw new ConflictError(
      'cartrecovery_session_closed',
      'This capture is closed and can no longer be withdrawn.',
    );
  }
  await cr.ctx.db.transaction().execute(async (trx) => {
    await cancelSessionJobs(cr, trx, session.id);
    await deleteSession(trx, session.id);
  });
  return { status: 200, body: { success: true, deleted: true } };
}

/**
 * The session proven by `session_id` + `capture_token` (constant-time hash check). Unknown ids give null
 * (a new capture starts); a known id with a missing or wrong token is refused the same way every time.
 */
async function ownedSession(
  cr: CartRecovery,
  sessionId: string,
  token: string | undefined,
): Promise<SessionRow | null> {
  const session = await findSessionByPublicId(cr.ctx.db, sessionId);
  if (!session) return null;
  if (!token || !safeEqual(hashLinkToken(token), session.capture_token_hash)) throw invalidProof();
  return session;
}

async function buildSnapshot(
  cr: CartRecovery,
  principal: Principal,
  clientCart: unknown,
): Promise<CartSnapshot & { cartSessionId: string | null }> {
  const { shop } = cr.ctx;
  const serverCart = await serverCartOf(cr, principal);
  if (serverCart && serverCart.items.length > 0)
    return {
      ...snapshotFromServerCart(serverCart, shop.currency.code),
      cartSessionId: serverCart.session_id,
    };
  return {
    ...(await snapshotFromClientCart(shop, clientCart)),
    cartSessionId: serverCart?.session_id ?? null,
  };
}

function serverCartOf(cr: CartRecovery, principal: Principal): Promise<ShopCart | null> | null {
  return principal.kind === 'anonymous' ? null : cr.ctx.shop.getCartForPrincipal(principal);
}

function invalidProof(): ForbiddenError {
  return new ForbiddenError(
    'cartrecovery_invalid_capture_token',
    'The session_id and capture_token do not match.',
  );
}

function invalidFields(fields: Record<string, Record<string, string>>): ValidationError {
  return new ValidationError(fields);
}
