import { type Generated, sql, type Updateable } from 'kysely';
import type { DbOrTrx, Engine } from '../db/database.js';
import { type Placeholder, shapedQuery } from '../db/shaped-query.js';
import type { Job } from './job-queue.js';

/** A row of `jobs`. */
export interface JobRow {
  id: number;
  hook: string;
  args: string;
  unique_key: string | null;
  status: Job['status'];
  priority: number;
  run_at: string;
  attempts: number;
  max_attempts: number;
  backoff_seconds: number;
  last_error: string | null;
  recurrence: string | null;
  group_name: string;
  claimed_by: string | null;
  claimed_at: string | null;
  created_at: string;
  finished_at: string | null;
}

declare module '../db/database.js' {
  interface Tables {
    jobs: Omit<JobRow, 'id'> & { id: Generated<number> };
  }
}

/** The columns a new job sets. */
export interface NewJobRow {
  hook: string;
  args: string;
  unique_key: string | null;
  status: 'pending';
  priority: number;
  run_at: string;
  attempts: number;
  max_attempts: number;
  backoff_seconds: number;
  recurrence: string | null;
  group_name: string;
  created_at: string;
}

/** What releasing a claimed job changes (back to pending, complete or failed). */
export type JobRelease = Updateable<JobRow>;

/** Groups per cancelling statement (far below both engines' parameter limits). */
const GROUPS_PER_STATEMENT = 500;

/** Inserts job rows (skipping those whose unique key is live); the ids of the rows inserted. */
export async function insertJobRows(db: DbOrTrx, rows: NewJobRow[]): Promise<number[]> {
  return (await insertJobs.execute(db, jobRowValues(rows), rows.length)).rows.map((r) => r.id);
}

/** The id of the live (pending or running) job with this unique key; throws when there is none. */
export async function findLiveJobId(db: DbOrTrx, uniqueKey: string): Promise<number> {
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('unique_key', '=', uniqueKey)
    // Literal statuses: only then may SQLite use the partial index `jobs_unique_live` (else a scan of jobs).
    .where(sql<boolean>`status in ('pending', 'running')`)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/** The id and arguments of every pending job of a hook. */
export async function findPendingJobsOf(
  db: DbOrTrx,
  hook: string,
): Promise<Array<{ id: number; args: string }>> {
  return db
    .selectFrom('jobs')
    .select(['id', 'args'])
    .where('hook', '=', hook)
    .where('status', '=', 'pending')
    .execute();
}

/** Cancels those of `ids` still pending; returns how many. */
export async function cancelPendingJobs(
  db: DbOrTrx,
  input: { ids: number[]; finishedAt: string; engine: Engine },
): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'canceled', finished_at: input.finishedAt })
    .where('id', 'in', input.ids)
    .where(stillPending(input.engine))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Cancels every pending job of the given groups; returns how many. */
export async function cancelPendingGroups(
  db: DbOrTrx,
  groups: string[],
  finishedAt: string,
): Promise<number> {
  let canceled = 0;
  for (let at = 0; at < groups.length; at += GROUPS_PER_STATEMENT) {
    const result = await db
      .updateTable('jobs')
      .set({ status: 'canceled', finished_at: finishedAt })
      .where('group_name', 'in', groups.slice(at, at + GROUPS_PER_STATEMENT))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    canceled += Number(result.numUpdatedRows);
  }
  return canceled;
}

/** One page of jobs, newest first, optionally by status and hook, with the total. */
export async function listJobRows(
  db: DbOrTrx,
  filter: { status?: Job['status']; hook?: string; offset: number; limit: number },
): Promise<{ rows: JobRow[]; total: number }> {
  let query = db.selectFrom('jobs');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.hook) query = query.where('hook', '=', filter.hook);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Claims up to `limit` due jobs for a worker (SKIP LOCKED on PostgreSQL); the claimed rows in run order. A claim
 * is not an attempt: `startClaimedJob` counts each job's attempt when the worker gets to it.
 */
export async function claimDueJobs(
  db: DbOrTrx,
  input: { engine: Engine; workerId: string; now: string; limit: number },
): Promise<JobRow[]> {
  const lock = input.engine === 'postgres' ? sql`for update skip locked` : sql``;
  // The due rows are picked once, in a materialized CTE: as a plain `IN (subquery)`, PostgreSQL may run
  // the SKIP LOCKED subquery again per row and claim far more than `limit` rows (all of them, in practice).
  const result = await sql<JobRow>`
    with due as materialized (
      select id from jobs where status = 'pending' and run_at <= ${input.now}
      order by priority, run_at, id limit ${input.limit} ${lock}
    )
    update jobs set status = 'running', claimed_by = ${input.workerId}, claimed_at = ${input.now}
    where id in (select id from due) and ${stillPending(input.engine)}
    returning *`.execute(db);
  return [...result.rows].sort(
    (a, b) => a.priority - b.priority || a.run_at.localeCompare(b.run_at) || a.id - b.id,
  );
}

/**
 * Starts an attempt of a job still claimed by `claimedBy`: counts it and restarts the claim's clock from `now`.
 * Returns the attempt's number, or null when the claim was recovered as stale meanwhile (the job is not ours).
 */
export async function startClaimedJob(
  db: DbOrTrx,
  input: { id: number; claimedBy: string | null; now: string },
): Promise<number | null> {
  const row = await db
    .updateTable('jobs')
    .set({ attempts: sql`attempts + 1`, claimed_at: input.now })
    .where('id', '=', input.id)
    .where('status', '=', 'running')
    .where('claimed_by', '=', input.claimedBy)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** Applies `changes` to a job still claimed by `claimedBy` (a claim recovered as stale belongs to another worker). */
export async function releaseClaimedJob(
  db: DbOrTrx,
  input: { id: number; claimedBy: string | null; changes: JobRelease },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set(input.changes)
    .where('id', '=', input.id)
    .where('claimed_by', '=', input.claimedBy)
    .execute();
}

/** Running jobs claimed (or last started) before `cutoff` (their worker stopped or died). */
export async function findStaleJobs(db: DbOrTrx, cutoff: string): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('status', '=', 'running')
    .where('claimed_at', '<', cutoff)
    .execute();
}

/** Applies `changes` to a stale job if it is still running under the same claim. */
export async function releaseStaleJob(
  db: DbOrTrx,
  input: { id: number; claimedBy: string | null; changes: JobRelease },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set(input.changes)
    .where('id', '=', input.id)
    .where('status', '=', 'running')
    .where('claimed_by', '=', input.claimedBy)
    .execute();
}

/**
 * `status = 'pending'` as a re-check on rows picked by id. On SQLite written `+status` so the planner looks the
 * rows up by id: with an indexable status test it walked every pending job of `jobs_due` instead (slow with
 * many pending jobs, even when none is due).
 */
function stillPending(engine: Engine) {
  return engine === 'sqlite' ? sql<boolean>`+status = 'pending'` : sql<boolean>`status = 'pending'`;
}

/** The columns a new job row sets, in the order of the shaped insert's values. */
const JOB_COLUMNS: Array<keyof NewJobRow> = [
  'hook',
  'args',
  'unique_key',
  'status',
  'priority',
  'run_at',
  'attempts',
  'max_attempts',
  'backoff_seconds',
  'recurrence',
  'group_name',
  'created_at',
];

/** `insert … on conflict do nothing returning id` of `rows` rows (a unique key already live skips its row). */
const insertJobs = shapedQuery((db, p, rows: number) => insertJobsPart(db, p, rows, 0));

/**
 * The insert of `rows` new jobs whose values (in `jobRowValues` order) start at placeholder `first`, alone or as
 * a part (`db.with(name, () => part)`) of a larger shaped statement (a unique key already live skips its row; returns the ids inserted).
 */
export function insertJobsPart(db: DbOrTrx, p: Placeholder, rows: number, first: number) {
  return db
    .insertInto('jobs')
    .values(
      Array.from({ length: rows }, (_, row) => {
        const values = {} as Record<keyof NewJobRow, never>;
        JOB_COLUMNS.forEach((column, i) => {
          values[column] = p(first + row * JOB_COLUMNS.length + i);
        });
        return values;
      }),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('id');
}

/** The values of new job rows, in the placeholder order of `insertJobsPart`. */
export function jobRowValues(rows: NewJobRow[]): unknown[] {
  const values: unknown[] = [];
  for (const row of rows) for (const column of JOB_COLUMNS) values.push(row[column]);
  return values;
}
