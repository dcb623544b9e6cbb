import type { PlatformContext } from '../context.js';
import { toDbTime } from '../db/sql-helpers.js';
import { ConflictError, NotFoundError, invalid } from '../http/errors.js';
import { hashToken, randomToken } from '../security/hashing.js';
import { siteName } from '../admin-pages/site-identity.js';
import { findUserByLogin } from '../auth/users.repository.js';
import { erasureConfirmationMessage } from './erasure-request-mail.js';
import {
  confirmByKeyHash,
  deleteErasureRequest,
  type ErasureRequestRow,
  findErasureRequest,
  findOpenErasureRequest,
  insertErasureRequest,
  listErasureRequests,
  type ErasureStatus,
  updateErasureRequest,
} from './erasure-requests.repository.js';
import type { EraserReport } from './privacy-erasers.js';
import type { ErasureRequestView } from './privacy.schemas.js';

/** How long a confirmation link works (WordPress's `user_request_key_expiration`: one day). */
export const CONFIRM_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Deps = Pick<PlatformContext, 'db' | 'clock' | 'mail' | 'options' | 'privacy' | 'config'>;

/**
 * Adds an erasure request for a username or e-mail (WordPress's Tools → Erase Personal Data → Add Request). With
 * `sendConfirmation` it stays pending and the person gets a single-use confirmation link; without, it is confirmed
 * at once. One open request per address (409 `duplicate_request`).
 */
export async function addErasureRequest(
  deps: Deps,
  input: { usernameOrEmail: string; sendConfirmation: boolean },
): Promise<ErasureRequestRow> {
  const given = input.usernameOrEmail.trim();
  const user = given === '' ? null : await findUserByLogin(deps.db, given);
  const email = (user?.email ?? given).toLowerCase();
  if (!EMAIL.test(email))
    throw invalid(
      'username_or_email',
      'email',
      'Unable to add this request. A valid email address or username must be supplied.',
    );
  if (await findOpenErasureRequest(deps.db, email))
    throw new ConflictError(
      'duplicate_request',
      'An incomplete personal data request for this email address already exists.',
    );
  const now = deps.clock.now();
  const key = input.sendConfirmation ? randomToken(24) : null;
  const row = await insertErasureRequest(deps.db, {
    email,
    user_id: user?.id ?? null,
    status: key ? 'pending' : 'confirmed',
    confirm_key_hash: key ? hashToken(key) : null,
    key_expires_at: key ? toDbTime(new Date(now.getTime() + CONFIRM_KEY_TTL_MS)) : null,
    result: '[]',
    created_at: toDbTime(now),
    confirmed_at: key ? null : toDbTime(now),
    completed_at: null,
  });
  if (key) {
    const link = `${deps.config.publicUrl}/wp-login.php?action=confirmaction&request_id=${row.id}&confirm_key=${key}`;
    const message = erasureConfirmationMessage({ site: await siteName(deps.options), link });
    await deps.mail.send({ to: email, ...message, tag: 'privacy-erasure-confirm' });
  }
  return row;
}

/** Confirms a pending request with the key its link carried (single use, within a day); null when it does not. */
export async function confirmErasureRequest(
  deps: Pick<PlatformContext, 'db' | 'clock'>,
  input: { id: number; key: string },
): Promise<ErasureRequestRow | null> {
  return confirmByKeyHash(deps.db, {
    id: input.id,
    keyHash: hashToken(input.key),
    now: toDbTime(deps.clock.now()),
  });
}

/**
 * Runs every module's eraser for a confirmed (or already completed) request, records their reports and marks it
 * completed; a pending request is refused (409 `request_not_confirmed`).
 */
export async function runErasure(deps: Deps, id: number): Promise<ErasureRequestRow> {
  const row = await requireErasureRequest(deps, id);
  if (row.status === 'pending')
    throw new ConflictError('request_not_confirmed', 'The request has not been confirmed yet.');
  const reports = await deps.privacy.eraseAll(row.email);
  const completedAt = toDbTime(deps.clock.now());
  await updateErasureRequest(deps.db, id, {
    status: 'completed',
    result: JSON.stringify(reports),
    completed_at: completedAt,
  });
  return { ...row, status: 'completed', result: JSON.stringify(reports), completed_at: completedAt };
}

/** A request by id, or 404 `rest_erasure_request_invalid_id`. */
export async function requireErasureRequest(
  deps: Pick<PlatformContext, 'db'>,
  id: number,
): Promise<ErasureRequestRow> {
  const row = await findErasureRequest(deps.db, id);
  if (!row) throw new NotFoundError('rest_erasure_request_invalid_id', 'Invalid request ID.');
  return row;
}

/** Deletes a request (what was erased stays erased); 404 when there is none. */
export async function removeErasureRequest(deps: Pick<PlatformContext, 'db'>, id: number): Promise<void> {
  if (!(await deleteErasureRequest(deps.db, id)))
    throw new NotFoundError('rest_erasure_request_invalid_id', 'Invalid request ID.');
}

/** One page of requests (newest first) and the total. */
export async function erasureRequestsPage(
  deps: Pick<PlatformContext, 'db'>,
  q: { status?: ErasureStatus; offset: number; limit: number },
): Promise<{ rows: ErasureRequestView[]; total: number }> {
  const { rows, total } = await listErasureRequests(deps.db, q);
  return { rows: rows.map(erasureRequestView), total };
}

/** A request as the REST routes show it (its eraser reports parsed). */
export function erasureRequestView(row: ErasureRequestRow): ErasureRequestView {
  return {
    id: row.id,
    email: row.email,
    user_id: row.user_id,
    status: row.status,
    created_at: row.created_at,
    confirmed_at: row.confirmed_at,
    completed_at: row.completed_at,
    result: JSON.parse(row.result) as EraserReport[],
  };
}
