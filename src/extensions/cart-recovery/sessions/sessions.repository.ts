import { type Generated, type Insertable, type Selectable, sql } from 'kysely';
import { bumpTopics, topicBumpPart } from '../../../platform/cache/data-versions.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { isPostgres } from '../../../platform/db/engine.js';
import { inListChunks, type Placeholder, shapedQuery } from '../../../platform/db/shaped-query.js';
import { newJobsPart } from '../../../platform/jobs/db-job-queue.js';
import type { SessionState } from './session-states.constants.js';
import { CART_RECOVERY_TOPICS } from '../cart-recovery.topics.js';

/** The `cr_sessions` table: one consented capture and its life. */
export interface CrSessionsTable {
  id: Generated<number>;
  session_id: string;
  email: string;
  email_hash: string;
  status: SessionState;
  source: string;
  consent_text: string;
  consent_at: string;
  capture_token_hash: string;
  cart_session_id: string | null;
  cart_snapshot: string;
  cart_fingerprint: string;
  cart_total: number;
  currency: string;
  item_count: number;
  capture_count: Generated<number>;
  captured_at: string;
  last_activity_at: string;
  abandoned_at: string | null;
  recovered_at: string | null;
  converted_at: string | null;
  ended_at: string | null;
  order_id: number | null;
  recovered_revenue: Generated<number>;
  recovery_seconds: number | null;
  recovered_step: number | null;
  attribution_source: string | null;
  restore_clicked_at: string | null;
  coupon_code: string | null;
  coupon_expires_at: string | null;
  is_test: Generated<number>;
  anonymized_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The `cr_events` table: what happened to a session (feeds analytics and the agent view). */
export interface CrEventsTable {
  id: Generated<number>;
  session_id: number | null;
  type: string;
  data: string;
  created_at: string;
}

/** The `cr_suppressions` table: hashed addresses that must never be captured or e-mailed. */
export interface CrSuppressionsTable {
  id: Generated<number>;
  email_hash: string;
  source: string;
  created_at: string;
}

declare module '../../../platform/db/database.js' {
  interface Tables {
    cr_sessions: CrSessionsTable;
    cr_events: CrEventsTable;
    cr_suppressions: CrSuppressionsTable;
  }
}

/** A session row. */
export type SessionRow = Selectable<CrSessionsTable>;
/** A new session row. */
export type NewSessionRow = Insertable<CrSessionsTable>;

/** The columns of a session that has just been captured at `at`: no lifecycle step taken yet. */
export function freshLifecycleColumns(at: string) {
  return {
    captured_at: at,
    last_activity_at: at,
    abandoned_at: null,
    recovered_at: null,
    converted_at: null,
    ended_at: null,
    order_id: null,
    recovery_seconds: null,
    recovered_step: null,
    attribution_source: null,
    restore_clicked_at: null,
    coupon_code: null,
    coupon_expires_at: null,
    anonymized_at: null,
    created_at: at,
    updated_at: at,
  } satisfies Partial<NewSessionRow>;
}

/** Inserts a session; returns its row id. */
export async function insertSession(db: DbOrTrx, row: NewSessionRow): Promise<number> {
  const inserted = await db.insertInto('cr_sessions').values(row).returning('id').executeTakeFirstOrThrow();
  await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
  return inserted.id;
}

/** A new session row as the capture writes it (the counters and the test flag keep their defaults). */
export type CapturedSessionRow = Omit<
  NewSessionRow,
  'id' | 'capture_count' | 'recovered_revenue' | 'is_test'
>;

/** Inserts sessions in one statement; returns their row ids by public `session_id`. */
export async function insertSessions(db: DbOrTrx, rows: CapturedSessionRow[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await insertSessionRows.execute(db, rowValues(SESSION_COLUMNS, rows), rows.length);
  await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
  return new Map(inserted.rows.map((r) => [r.session_id, r.id]));
}

// Every column of a captured row, once (a missing or unknown key is a type error).
const SESSION_COLUMN_SET: Record<keyof CapturedSessionRow, true> = {
  session_id: true,
  email: true,
  email_hash: true,
  status: true,
  source: true,
  consent_text: true,
  consent_at: true,
  capture_token_hash: true,
  cart_session_id: true,
  cart_snapshot: true,
  cart_fingerprint: true,
  cart_total: true,
  currency: true,
  item_count: true,
  captured_at: true,
  last_activity_at: true,
  abandoned_at: true,
  recovered_at: true,
  converted_at: true,
  ended_at: true,
  order_id: true,
  recovery_seconds: true,
  recovered_step: true,
  attribution_source: true,
  restore_clicked_at: true,
  coupon_code: true,
  coupon_expires_at: true,
  anonymized_at: true,
  created_at: true,
  updated_at: true,
};
const SESSION_COLUMNS = Object.keys(SESSION_COLUMN_SET) as Array<keyof CapturedSessionRow>;

const insertSessionRows = shapedQuery((db, p, rows: number) =>
  db
    .insertInto('cr_sessions')
    .values(placeholderRows(SESSION_COLUMNS, p, rows, 0))
    .returning(['id', 'session_id']),
);

/** True when a batch of captures is written as one statement with its row ids reserved first: on PostgreSQL. */
export function capturesAtOnce(db: DbOrTrx): boolean {
  return isPostgres(db);
}

/**
 * PostgreSQL, in one statement: which of `emailHashes` are suppressed, and `count` new session row ids taken from
 * the table's sequence (ids left unused are gaps, as after a rollback).
 */
export async function suppressedHashesAndNewIds(
  db: DbOrTrx,
  emailHashes: readonly string[],
  count: number,
): Promise<{ suppressed: Set<string>; ids: number[] }> {
  const { rows } = await sql<{ ids: Array<string | number>; suppressed: string[] }>`
    select
      array(select nextval(pg_get_serial_sequence('cr_sessions', 'id')) from generate_series(1, ${count}::int)) as ids,
      array(select email_hash from cr_suppressions where email_hash = any(${[...emailHashes]}::text[])) as suppressed
  `.execute(db);
  const row = rows[0]!;
  return { suppressed: new Set(row.suppressed), ids: row.ids.map(Number) };
}

/** A captured session to insert with the row id reserved for it. */
export type ReservedSessionRow = CapturedSessionRow & { id: number };

/**
 * PostgreSQL: captured sessions (ids reserved by `suppressedHashesAndNewIds`), their events, the jobs given as
 * `newJobValues` and the sessions topic bump, as the parts of one statement: atomic without a transaction, one
 * round trip for the whole batch.
 */
export async function insertCapturesAtOnce(
  db: DbOrTrx,
  input: {
    sessions: ReservedSessionRow[];
    events: Array<{ sessionId: number; type: string; data: Record<string, unknown>; at: string }>;
    jobs: { count: number; values: unknown[] };
  },
): Promise<void> {
  const values = [
    ...rowValues(RESERVED_SESSION_COLUMNS, input.sessions),
    ...eventValues(input.events),
    ...input.jobs.values,
  ];
  const shape = `${input.sessions.length}:${input.events.length}:${input.jobs.count}`;
  await insertCaptures.execute(db, values, shape);
  await topicBumpPart(db, CART_RECOVERY_TOPICS.sessions).settle();
}

const RESERVED_SESSION_COLUMNS = ['id', ...SESSION_COLUMNS] as const;
const EVENT_COLUMNS = ['session_id', 'type', 'data', 'created_at'] as const;

const insertCaptures = shapedQuery(
  (db, p, shape: string) => {
    const [sessions, events, jobs] = shape.split(':').map(Number) as [number, number, number];
    const eventsFrom = sessions * RESERVED_SESSION_COLUMNS.length;
    const jobsFrom = eventsFrom + events * EVENT_COLUMNS.length;
    const bump = topicBumpPart(db, CART_RECOVERY_TOPICS.sessions);
    return db
      .with('captured_sessions', () =>
        db.insertInto('cr_sessions').values(placeholderRows(RESERVED_SESSION_COLUMNS, p, sessions, 0)),
      )
      .with('captured_events', () =>
        db.insertInto('cr_events').values(placeholderRows(EVENT_COLUMNS, p, events, eventsFrom)),
      )
      .with('scheduled_jobs', () => newJobsPart(db, p, jobs, jobsFrom))
      .with('bumped_topics', () => bump.part)
      .selectFrom('bumped_topics')
      .select('topic');
  },
  { prepared: true },
);

/** The values of `rows` in placeholder order: each row's `columns` in turn (null where a row has none). */
function rowValues<K extends string>(
  columns: readonly K[],
  rows: ReadonlyArray<Partial<Record<K, unknown>>>,
) {
  const values: unknown[] = [];
  for (const row of rows) for (const column of columns) values.push(row[column] ?? null);
  return values;
}

/** The values of events in the placeholder order of `EVENT_COLUMNS`. */
function eventValues(
  events: ReadonlyArray<{
    sessionId: number | null;
    type: string;
    data?: Record<string, unknown>;
    at: string;
  }>,
): unknown[] {
  const values: unknown[] = [];
  for (const event of events)
    values.push(event.sessionId, event.type, JSON.stringify(event.data ?? {}), event.at);
  return values;
}

/** `rows` rows of placeholders whose values start at `first`: column i of row r takes value first + r × columns + i. */
function placeholderRows<K extends string>(
  columns: readonly K[],
  p: Placeholder,
  rows: number,
  first: number,
): Array<Record<K, never>> {
  return Array.from({ length: rows }, (_, row) => {
    const values = {} as Record<K, never>;
    columns.forEach((column, i) => {
      values[column] = p(first + row * columns.length + i);
    });
    return values;
  });
}

/** A session by its public id. */
export async function findSessionByPublicId(db: DbOrTrx, sessionId: string): Promise<SessionRow | null> {
  return (
    (await db.selectFrom('cr_sessions').selectAll().where('session_id', '=', sessionId).executeTakeFirst()) ??
    null
  );
}

/** A session by row id. */
export async function findSessionById(db: DbOrTrx, id: number): Promise<SessionRow | null> {
  return (await db.selectFrom('cr_sessions').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Updates a session row; with `onlyIn`, only while its status is one of those. Returns true when a row changed. */
export async function updateSession(
  db: DbOrTrx,
  id: number,
  values: Partial<Omit<SessionRow, 'id'>>,
  onlyIn?: readonly SessionState[],
): Promise<boolean> {
  let query = db.updateTable('cr_sessions').set(values).where('id', '=', id);
  if (onlyIn) query = query.where('status', 'in', onlyIn);
  const changed = Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
  if (changed) await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
  return changed;
}

/** Counts one more capture of a session and refreshes its data (capture update). */
export async function touchSession(
  db: DbOrTrx,
  id: number,
  values: Partial<Omit<SessionRow, 'id' | 'capture_count'>>,
): Promise<void> {
  await db
    .updateTable('cr_sessions')
    .set({ ...values, capture_count: sql`capture_count + 1` })
    .where('id', '=', id)
    .execute();
  await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
}

/** Deletes a session (its notifications, tokens, restores and events cascade). */
export async function deleteSession(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('cr_sessions').where('id', '=', id).execute();
  await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
}

/** Captured sessions inactive since before `cutoff`, oldest first (the 5-minute sweep). */
export async function findInactiveCaptured(
  db: DbOrTrx,
  cutoff: string,
  limit: number,
): Promise<SessionRow[]> {
  return db
    .selectFrom('cr_sessions')
    .selectAll()
    .where('status', '=', 'captured')
    .where('last_activity_at', '<=', cutoff)
    .orderBy('last_activity_at')
    .limit(limit)
    .execute();
}

/** Sessions of an e-mail hash in the given states, newest first. */
export async function findSessionsByEmailHash(
  db: DbOrTrx,
  emailHash: string,
  states?: readonly SessionState[],
  capturedAfter?: string,
): Promise<SessionRow[]> {
  let query = db.selectFrom('cr_sessions').selectAll().where('email_hash', '=', emailHash);
  if (states) query = query.where('status', 'in', states);
  if (capturedAfter) query = query.where('captured_at', '>=', capturedAfter);
  return query.orderBy('id', 'desc').limit(500).execute();
}

/** The open session linked to a shop cart session, newest first. */
export async function findOpenSessionByCart(db: DbOrTrx, cartSessionId: string): Promise<SessionRow | null> {
  return (
    (await db
      .selectFrom('cr_sessions')
      .selectAll()
      .where('cart_session_id', '=', cartSessionId)
      .where('status', 'in', ['captured', 'abandoned'])
      .orderBy('id', 'desc')
      .executeTakeFirst()) ?? null
  );
}

/** The open session that issued a coupon code. */
export async function findSessionByCoupon(db: DbOrTrx, code: string): Promise<SessionRow | null> {
  return (
    (await db
      .selectFrom('cr_sessions')
      .selectAll()
      .where('coupon_code', '=', code.toUpperCase())
      .orderBy('id', 'desc')
      .executeTakeFirst()) ?? null
  );
}

/** The session that already counts `orderId` (each order closes at most one session). */
export async function findSessionByOrderId(db: DbOrTrx, orderId: number): Promise<SessionRow | null> {
  return (
    (await db.selectFrom('cr_sessions').selectAll().where('order_id', '=', orderId).executeTakeFirst()) ??
    null
  );
}

/** Records an event of a session. */
export async function insertEvent(
  db: DbOrTrx,
  event: { sessionId: number | null; type: string; data?: Record<string, unknown>; at: string },
): Promise<void> {
  await db
    .insertInto('cr_events')
    .values({
      session_id: event.sessionId,
      type: event.type,
      data: JSON.stringify(event.data ?? {}),
      created_at: event.at,
    })
    .execute();
  await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
}

/** Records events of several sessions in one statement. */
export async function insertEvents(
  db: DbOrTrx,
  events: Array<{ sessionId: number | null; type: string; data?: Record<string, unknown>; at: string }>,
): Promise<void> {
  if (events.length === 0) return;
  await insertEventRows.execute(db, eventValues(events), events.length);
  await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
}

const insertEventRows = shapedQuery((db, p, rows: number) =>
  db.insertInto('cr_events').values(placeholderRows(EVENT_COLUMNS, p, rows, 0)),
);

/** Events of a session, oldest first (bounded). */
export async function listEvents(
  db: DbOrTrx,
  sessionId: number,
  limit = 200,
): Promise<Array<{ type: string; data: string; created_at: string }>> {
  return db
    .selectFrom('cr_events')
    .select(['type', 'data', 'created_at'])
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** True when the address hash is suppressed. */
export async function isSuppressed(db: DbOrTrx, emailHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('cr_suppressions')
    .select('id')
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these address hashes are suppressed (one shaped query per 512 hashes). */
export async function findSuppressedHashes(
  db: DbOrTrx,
  emailHashes: readonly string[],
): Promise<Set<string>> {
  const suppressed = new Set<string>();
  for (const chunk of inListChunks(emailHashes)) {
    const { rows } = await suppressedHashes.execute(db, chunk.values, chunk.shape);
    for (const row of rows) suppressed.add(row.email_hash);
  }
  return suppressed;
}

const suppressedHashes = shapedQuery((db, p, size: number) =>
  db
    .selectFrom('cr_suppressions')
    .select('email_hash')
    .where(
      'email_hash',
      'in',
      Array.from({ length: size }, (_, i) => p(i)),
    ),
);

/** Adds a suppression (idempotent). */
export async function addSuppression(
  db: DbOrTrx,
  input: { emailHash: string; source: string; at: string },
): Promise<void> {
  await db
    .insertInto('cr_suppressions')
    .values({ email_hash: input.emailHash, source: input.source, created_at: input.at })
    .onConflict((oc) => oc.column('email_hash').doNothing())
    .execute();
}

/** Up to `limit` row ids of sessions captured before `cutoff` in the given states (retention). */
export async function findSessionIdsCapturedBefore(
  db: DbOrTrx,
  input: { cutoff: string; states: readonly SessionState[]; notAnonymized?: boolean; limit: number },
): Promise<number[]> {
  let query = db
    .selectFrom('cr_sessions')
    .select('id')
    .where('captured_at', '<', input.cutoff)
    .where('status', 'in', input.states);
  if (input.notAnonymized) query = query.where('anonymized_at', 'is', null);
  const rows = await query.orderBy('captured_at').limit(input.limit).execute();
  return rows.map((r) => r.id);
}

/** Deletes sessions by row id (cascading to their notifications, tokens, restores and events). */
export async function deleteSessions(db: DbOrTrx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = Number(
    (await db.deleteFrom('cr_sessions').where('id', 'in', ids).executeTakeFirst()).numDeletedRows,
  );
  if (deleted > 0) await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
  return deleted;
}

/** Strips personal data from closed sessions, keeping their figures for analytics; drops their link tokens. */
export async function anonymizeSessions(db: DbOrTrx, ids: number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('cr_sessions')
    .set({
      email: '',
      email_hash: '',
      capture_token_hash: '',
      cart_snapshot: '{"items":[],"coupons":[]}',
      cart_session_id: null,
      coupon_code: null,
      anonymized_at: at,
      updated_at: at,
    })
    .where('id', 'in', ids)
    .execute();
  await db.deleteFrom('cr_tokens').where('session_id', 'in', ids).execute();
  await db
    .updateTable('cr_notifications')
    .set({ recipient_mask: '***', coupon_code: null })
    .where('session_id', 'in', ids)
    .execute();
  await bumpTopics(db, CART_RECOVERY_TOPICS.sessions);
}

/** Up to `limit` ids of sessions anonymised before `cutoff`. */
export async function findAnonymizedBefore(db: DbOrTrx, cutoff: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('cr_sessions')
    .select('id')
    .where('anonymized_at', '<', cutoff)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Removes a suppression (privacy erase on request). */
export async function deleteSuppression(db: DbOrTrx, emailHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('cr_suppressions')
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The suppression record of an address hash, or null. */
export async function findSuppression(
  db: DbOrTrx,
  emailHash: string,
): Promise<{ source: string; created_at: string } | null> {
  return (
    (await db
      .selectFrom('cr_suppressions')
      .select(['source', 'created_at'])
      .where('email_hash', '=', emailHash)
      .executeTakeFirst()) ?? null
  );
}

/** A page of sessions (newest first), optionally of some states and of one e-mail hash, and the total. */
export async function listSessions(
  db: DbOrTrx,
  input: { states?: readonly SessionState[]; emailHash?: string; offset: number; limit: number },
): Promise<{ rows: SessionRow[]; total: number }> {
  let query = db.selectFrom('cr_sessions');
  if (input.states && input.states.length > 0) query = query.where('status', 'in', input.states);
  // (email_hash, status) index: an address's sessions are found without scanning the table.
  if (input.emailHash !== undefined) query = query.where('email_hash', '=', input.emailHash);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').offset(input.offset).limit(input.limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
