import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db, DbOrTrx, Engine } from '../db/database.js';
import { toDbTime } from '../db/sql-helpers.js';
import type { Job, JobArgs, JobHandler, JobQueue, JobSpec, RecurringJobSpec } from './job-queue.js';
import {
  cancelPendingGroups,
  cancelPendingJobs,
  claimDueJobs,
  findLiveJobId,
  findPendingJobsOf,
  findStaleJobs,
  insertJobRows,
  insertJobsPart,
  type JobRow,
  jobRowValues,
  listJobRows,
  type NewJobRow,
  releaseClaimedJob,
  releaseStaleJob,
  startClaimedJob,
} from './jobs.repository.js';

/**
 * The database-backed JobQueue: atomic claims (SKIP LOCKED on PostgreSQL), retries with back-off, stale-claim
 * recovery (claimed jobs never started are run again; a started one is retried only while attempts remain).
 */
export class DbJobQueue implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly deps: {
      db: Db;
      engine: Engine;
      clock: Clock;
      logger: FastifyBaseLogger;
      /** Brings the caches up to date with every write committed so far (as before a request). */
      catchUp?: () => Promise<void> | null;
    },
    private readonly options: { pollMs?: number; staleAfterSeconds?: number; batchSize?: number } = {},
  ) {}

  register(hook: string, handler: JobHandler): void {
    if (this.handlers.has(hook)) throw new Error(`Job hook ${hook} is already registered`);
    this.handlers.set(hook, handler);
  }

  async schedule(spec: JobSpec, db: DbOrTrx = this.deps.db): Promise<number | null> {
    return this.insert(spec, spec.unique ? uniqueKey(spec.hook, spec.args ?? {}) : null, null, db);
  }

  async scheduleMany(specs: JobSpec[], db: DbOrTrx = this.deps.db): Promise<number> {
    const now = this.deps.clock.now();
    let scheduled = 0;
    // 12 parameters a row: 500 rows stay far below both engines' parameter limits.
    for (let start = 0; start < specs.length; start += 500) {
      const rows = specs.slice(start, start + 500).map((spec) => oneOffJobRow(spec, now));
      scheduled += (await insertJobRows(db, rows)).length;
    }
    return scheduled;
  }

  async scheduleRecurring(spec: RecurringJobSpec, db: DbOrTrx = this.deps.db): Promise<number> {
    const recurrence = spec.dailyAt ? `daily:${spec.dailyAt}` : `interval:${spec.intervalSeconds}`;
    if (
      spec.dailyAt
        ? !/^([01]\d|2[0-3]):[0-5]\d$/.test(spec.dailyAt)
        : !(spec.intervalSeconds && spec.intervalSeconds > 0)
    ) {
      throw new Error('A recurring job needs intervalSeconds > 0 or dailyAt HH:MM');
    }
    const key = uniqueKey(spec.hook, spec.args ?? {});
    const runAt = spec.runAt ?? nextRun(recurrence, this.deps.clock.now());
    const id = await this.insert({ ...spec, runAt }, key, recurrence, db);
    if (id !== null) return id;
    return findLiveJobId(db, key);
  }

  async cancel(hook: string, args?: JobArgs | JobArgs[], db: DbOrTrx = this.deps.db): Promise<number> {
    const subsets = args === undefined ? null : Array.isArray(args) ? args : [args];
    if (subsets?.length === 0) return 0;
    const rows = await findPendingJobsOf(db, hook);
    const ids = rows
      .filter((r) => {
        if (!subsets) return true;
        const parsed = JSON.parse(r.args);
        return subsets.some((subset) => containsArgs(parsed, subset));
      })
      .map((r) => r.id);
    if (ids.length === 0) return 0;
    return cancelPendingJobs(db, {
      ids,
      finishedAt: toDbTime(this.deps.clock.now()),
      engine: this.deps.engine,
    });
  }

  async cancelGroups(groups: string[], db: DbOrTrx = this.deps.db): Promise<number> {
    return cancelPendingGroups(db, groups, toDbTime(this.deps.clock.now()));
  }

  async runDue(options: { limit?: number; workerId?: string } = {}): Promise<number> {
    await this.recoverStale();
    const workerId = options.workerId ?? randomUUID();
    const claimed = await this.claim(workerId, options.limit ?? this.options.batchSize ?? 25);
    for (const row of claimed) await this.execute(row);
    return claimed.length;
  }

  async list(filter: {
    status?: Job['status'];
    hook?: string;
    offset: number;
    limit: number;
  }): Promise<{ rows: Job[]; total: number }> {
    const { rows, total } = await listJobRows(this.deps.db, filter);
    return { rows: rows.map(toJob), total };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runDue()
        .catch((error) => this.deps.logger.error({ err: error }, 'job worker tick failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs ?? 1000);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async insert(
    spec: JobSpec,
    key: string | null,
    recurrence: string | null,
    db: DbOrTrx,
  ): Promise<number | null> {
    const [id] = await insertJobRows(db, [jobRow(spec, key, recurrence, this.deps.clock.now())]);
    return id ?? null;
  }

  private async claim(workerId: string, limit: number): Promise<JobRow[]> {
    return claimDueJobs(this.deps.db, {
      engine: this.deps.engine,
      workerId,
      now: toDbTime(this.deps.clock.now()),
      limit,
    });
  }

  private async execute(claimed: JobRow): Promise<void> {
    // The attempt counts only now: a claimed job its worker never got to (the worker died) is run again.
    const attempts = await startClaimedJob(this.deps.db, {
      id: claimed.id,
      claimedBy: claimed.claimed_by,
      now: toDbTime(this.deps.clock.now()),
    });
    if (attempts === null) return; // recovered as stale meanwhile: another worker runs it
    const row = { ...claimed, attempts };
    const handler = this.handlers.get(row.hook);
    const job = toJob(row);
    let error: unknown = null;
    if (!handler) error = new Error(`No handler registered for ${row.hook}`);
    else {
      try {
        await this.deps.catchUp?.();
        await handler(job.args, { job, db: this.deps.db });
      } catch (e) {
        error = e;
      }
    }
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      if (error === null) {
        await releaseClaimedJob(trx, {
          id: row.id,
          claimedBy: row.claimed_by,
          changes: { status: 'complete', finished_at: toDbTime(now), claimed_by: null },
        });
      } else {
        const message = error instanceof Error ? error.message : String(error);
        this.deps.logger.warn(
          { hook: row.hook, jobId: row.id, attempt: row.attempts, err: message },
          'job attempt failed',
        );
        const retry = row.attempts < row.max_attempts && !row.recurrence;
        await releaseClaimedJob(trx, {
          id: row.id,
          claimedBy: row.claimed_by,
          changes: retry
            ? {
                status: 'pending',
                last_error: message,
                claimed_by: null,
                run_at: toDbTime(new Date(now.getTime() + row.backoff_seconds * 1000 * row.attempts)),
              }
            : { status: 'failed', last_error: message, claimed_by: null, finished_at: toDbTime(now) },
        });
      }
      if (row.recurrence) {
        await this.insert(
          {
            hook: row.hook,
            args: job.args,
            runAt: nextRun(row.recurrence, now),
            priority: row.priority,
            group: row.group_name,
            maxAttempts: row.max_attempts,
          },
          row.unique_key,
          row.recurrence,
          trx,
        );
      }
    });
  }

  private async recoverStale(): Promise<void> {
    const cutoff = toDbTime(
      new Date(this.deps.clock.now().getTime() - (this.options.staleAfterSeconds ?? 300) * 1000),
    );
    const stale = await findStaleJobs(this.deps.db, cutoff);
    for (const row of stale) {
      // A job whose worker died before starting it has an attempt left; one that was running counts its attempt.
      const retry = row.attempts < row.max_attempts;
      await releaseStaleJob(this.deps.db, {
        id: row.id,
        claimedBy: row.claimed_by,
        changes: retry
          ? {
              status: 'pending',
              claimed_by: null,
              last_error: 'Claim timed out; the worker stopped or died.',
            }
          : {
              status: 'failed',
              claimed_by: null,
              last_error: 'Claim timed out; the worker stopped or died.',
              finished_at: toDbTime(this.deps.clock.now()),
            },
      });
      if (!retry && row.recurrence) {
        await this.insert(
          {
            hook: row.hook,
            args: JSON.parse(row.args),
            runAt: nextRun(row.recurrence, this.deps.clock.now()),
          },
          row.unique_key,
          row.recurrence,
          this.deps.db,
        );
      }
    }
  }
}

/** The next due time of a recurrence after `from`. */
export function nextRun(recurrence: string, from: Date): Date {
  if (recurrence.startsWith('interval:'))
    return new Date(from.getTime() + Number(recurrence.slice(9)) * 1000);
  const [h, m] = recurrence.slice(6).split(':').map(Number);
  const next = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), h, m));
  if (next.getTime() <= from.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

function uniqueKey(hook: string, args: JobArgs): string {
  return `${hook}:${stableStringify(args)}`.slice(0, 400);
}

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

function containsArgs(args: JobArgs, subset: JobArgs): boolean {
  return Object.entries(subset).every(([k, v]) => stableStringify(args[k]) === stableStringify(v));
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    hook: row.hook,
    args: JSON.parse(row.args),
    status: row.status,
    run_at: row.run_at,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    last_error: row.last_error,
    unique_key: row.unique_key,
    group: row.group_name,
    recurrence: row.recurrence,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/**
 * The insert of new jobs as a part of a module's own shaped statement (PostgreSQL: one round trip for its rows
 * and their jobs); its values come from `newJobValues`.
 */
export const newJobsPart = insertJobsPart;

/** The values of the jobs `scheduleMany(specs)` would insert at `now`, in `newJobsPart`'s placeholder order. */
export function newJobValues(specs: JobSpec[], now: Date): unknown[] {
  return jobRowValues(specs.map((spec) => oneOffJobRow(spec, now)));
}

function oneOffJobRow(spec: JobSpec, now: Date): NewJobRow {
  return jobRow(spec, spec.unique ? uniqueKey(spec.hook, spec.args ?? {}) : null, null, now);
}

function jobRow(spec: JobSpec, key: string | null, recurrence: string | null, now: Date): NewJobRow {
  return {
    hook: spec.hook,
    args: JSON.stringify(spec.args ?? {}),
    unique_key: key,
    status: 'pending' as const,
    priority: spec.priority ?? 10,
    run_at: toDbTime(spec.runAt ?? now),
    attempts: 0,
    max_attempts: spec.maxAttempts ?? 1,
    backoff_seconds: spec.backoffSeconds ?? 60,
    recurrence,
    group_name: spec.group ?? '',
    created_at: toDbTime(now),
  };
}
