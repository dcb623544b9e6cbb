import type { Generated, Selectable } from 'kysely';
import type { DbOrTrx } from '../db/database.js';

/** Where a request stands: WordPress's `request-pending`, `request-confirmed`, `request-completed`. */
export type ErasureStatus = 'pending' | 'confirmed' | 'completed';

/** Row of `privacy_erasure_requests` (`result`: JSON eraser reports; the key only as its SHA-256). */
export interface ErasureRequestTable {
  id: Generated<number>;
  email: string;
  user_id: number | null;
  status: ErasureStatus;
  confirm_key_hash: string | null;
  key_expires_at: string | null;
  result: string;
  created_at: string;
  confirmed_at: string | null;
  completed_at: string | null;
}

/** A stored erasure request. */
export type ErasureRequestRow = Selectable<ErasureRequestTable>;

declare module '../db/database.js' {
  interface Tables {
    privacy_erasure_requests: ErasureRequestTable;
  }
}

/** Inserts a request and answers its row. */
export async function insertErasureRequest(
  db: DbOrTrx,
  row: Omit<ErasureRequestRow, 'id'>,
): Promise<ErasureRequestRow> {
  return db.insertInto('privacy_erasure_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

/** One request by id, or null. */
export async function findErasureRequest(db: DbOrTrx, id: number): Promise<ErasureRequestRow | null> {
  const row = await db
    .selectFrom('privacy_erasure_requests')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** The open (not completed) request of an address, or null: WordPress allows one per address and action. */
export async function findOpenErasureRequest(db: DbOrTrx, email: string): Promise<ErasureRequestRow | null> {
  const row = await db
    .selectFrom('privacy_erasure_requests')
    .selectAll()
    .where('email', '=', email)
    .where('status', '!=', 'completed')
    .executeTakeFirst();
  return row ?? null;
}

/** One page of requests, newest first, and the total. */
export async function listErasureRequests(
  db: DbOrTrx,
  q: { status?: ErasureStatus; offset: number; limit: number },
): Promise<{ rows: ErasureRequestRow[]; total: number }> {
  let base = db.selectFrom('privacy_erasure_requests');
  if (q.status) base = base.where('status', '=', q.status);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute();
  return { rows, total: Number(count.n) };
}

/** Confirms the pending request whose live key has this hash and drops the key (single use); null when none. */
export async function confirmByKeyHash(
  db: DbOrTrx,
  input: { id: number; keyHash: string; now: string },
): Promise<ErasureRequestRow | null> {
  const row = await db
    .updateTable('privacy_erasure_requests')
    .set({ status: 'confirmed', confirmed_at: input.now, confirm_key_hash: null, key_expires_at: null })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .where('confirm_key_hash', '=', input.keyHash)
    .where('key_expires_at', '>', input.now)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Changes columns of a request. */
export async function updateErasureRequest(
  db: DbOrTrx,
  id: number,
  patch: Partial<Omit<ErasureRequestRow, 'id'>>,
): Promise<void> {
  await db.updateTable('privacy_erasure_requests').set(patch).where('id', '=', id).execute();
}

/** Deletes a request; false when there was none. */
export async function deleteErasureRequest(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('privacy_erasure_requests').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
