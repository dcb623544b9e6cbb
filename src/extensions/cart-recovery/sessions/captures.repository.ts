import type { Clock } from '../../../platform/clock.js';
import type { Db, DbOrTrx } from '../../../platform/db/database.js';
import { newJobValues } from '../../../platform/jobs/db-job-queue.js';
import type { JobQueue, JobSpec } from '../../../platform/jobs/job-queue.js';
import {
  type CapturedSessionRow,
  capturesAtOnce,
  findSuppressedHashes,
  insertCapturesAtOnce,
  insertEvents,
  insertSessions,
  suppressedHashesAndNewIds,
} from './sessions.repository.js';

/** A capture a batch writes: its full session row and when its abandonment check runs. */
export interface AcceptedCapture {
  row: CapturedSessionRow & { session_id: string; captured_at: string };
  checkAt: Date;
}

/** What a batch decided, once it knows which addresses are suppressed: its answer and the captures it writes. */
export interface SortedCaptures<R> {
  result: R;
  accepted: AcceptedCapture[];
}

/** What writing a batch of captures needs besides the captures' own choice. */
export interface CaptureBatch<R> {
  /** The e-mail hashes of the batch's captures (read against the suppression list once). */
  emailHashes: string[];
  /** Decides which captures are written, reading (the catalogue) through the handle it is given. */
  sortOut: (suppressed: Set<string>, db: DbOrTrx) => Promise<SortedCaptures<R>>;
  /** The jobs of the written sessions (their exact abandonment checks). */
  jobs: (sessions: Array<{ sessionId: number; at: Date }>) => JobSpec[];
  queue: JobQueue;
  clock: Clock;
}

/** How many capture batches are written at a time: one per connection on SQLite, two on PostgreSQL. */
export function captureLanes(db: DbOrTrx): number {
  return capturesAtOnce(db) ? 2 : 1;
}

/**
 * The one write path of new captures: reads which addresses of the batch are suppressed, lets `sortOut` choose,
 * then writes the chosen sessions, their `captured` events, their jobs and one bump of the sessions topic,
 * atomically. SQLite: one transaction. PostgreSQL: no transaction, two statements (the suppression read also
 * reserves the session row ids; sessions, events, jobs and the bump are the parts of one statement).
 */
export function writeCaptureBatch<R>(db: Db, batch: CaptureBatch<R>): Promise<R> {
  return capturesAtOnce(db) ? writeAtOnce(db, batch) : writeInTransaction(db, batch);
}

async function writeInTransaction<R>(db: Db, batch: CaptureBatch<R>): Promise<R> {
  return db.transaction().execute(async (trx) => {
    const suppressed = await findSuppressedHashes(trx, batch.emailHashes);
    const { result, accepted } = await batch.sortOut(suppressed, trx);
    if (accepted.length === 0) return result;
    const ids = await insertSessions(
      trx,
      accepted.map((c) => c.row),
    );
    await insertEvents(
      trx,
      accepted.map((c) => capturedEvent(ids.get(c.row.session_id)!, c.row)),
    );
    await batch.queue.scheduleMany(
      batch.jobs(accepted.map((c) => ({ sessionId: ids.get(c.row.session_id)!, at: c.checkAt }))),
      trx,
    );
    return result;
  });
}

async function writeAtOnce<R>(db: Db, batch: CaptureBatch<R>): Promise<R> {
  const { suppressed, ids } = await suppressedHashesAndNewIds(
    db,
    batch.emailHashes,
    batch.emailHashes.length,
  );
  const { result, accepted } = await batch.sortOut(suppressed, db);
  if (accepted.length === 0) return result;
  const sessions = accepted.map((c, i) => ({ ...c.row, id: ids[i]! }));
  const checks = batch.jobs(accepted.map((c, i) => ({ sessionId: ids[i]!, at: c.checkAt })));
  await insertCapturesAtOnce(db, {
    sessions,
    events: sessions.map((row) => capturedEvent(row.id, row)),
    jobs: { count: checks.length, values: newJobValues(checks, batch.clock.now()) },
  });
  return result;
}

/** The `captured` event of a new session. */
function capturedEvent(sessionId: number, row: { source: string; captured_at: string }) {
  return { sessionId, type: 'captured', data: { source: row.source }, at: row.captured_at };
}
