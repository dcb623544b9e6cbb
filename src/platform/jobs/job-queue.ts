import type { DbOrTrx } from '../db/database.js';

/** JSON-serialisable job arguments. */
export type JobArgs = Record<string, unknown>;

/** Every status a job passes through: pending → running → complete | failed | canceled. */
export const JOB_STATUSES = ['pending', 'running', 'complete', 'failed', 'canceled'] as const;

/** A job's status. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job row as handlers and the API see it. */
export interface Job {
  id: number;
  hook: string;
  args: JobArgs;
  status: JobStatus;
  run_at: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  unique_key: string | null;
  group: string;
  recurrence: string | null;
  created_at: string;
  finished_at: string | null;
}

/** Runs one job; throwing marks the attempt failed (retried with back-off while attempts remain). */
export type JobHandler = (args: JobArgs, context: { job: Job; db: DbOrTrx }) => Promise<void>;

/** What to schedule. */
export interface JobSpec {
  hook: string;
  args?: JobArgs;
  /** When it becomes due (default: now). */
  runAt?: Date;
  /** When true, nothing is scheduled while a pending/running job with the same hook and args exists. */
  unique?: boolean;
  /**
   * Attempts before the job is `failed` (default 1, Action Scheduler's). An attempt counts when its handler starts,
   * so a job claimed by a worker that died before starting it is run again once the claim is stale.
   */
  maxAttempts?: number;
  /** Seconds before retry n is due: `backoffSeconds × n` (default 60). */
  backoffSeconds?: number;
  priority?: number;
  group?: string;
}

/** A repeating job: every `intervalSeconds`, or daily at `dailyAt` (`HH:MM` UTC). */
export interface RecurringJobSpec extends Omit<JobSpec, 'unique'> {
  intervalSeconds?: number;
  dailyAt?: string;
}

/** The durable job queue (Action Scheduler semantics, in the database). */
export interface JobQueue {
  /** Registers the handler of a hook (once per hook). */
  register(hook: string, handler: JobHandler): void;
  /** Schedules a one-off job; returns its id, or null when `unique` and one already exists. Pass `db` to join a transaction. */
  schedule(spec: JobSpec, db?: DbOrTrx): Promise<number | null>;
  /**
   * Schedules several one-off jobs in one statement (same rules as `schedule`, `unique` ones that already
   * exist are skipped); returns how many were scheduled. Pass `db` to join a transaction.
   */
  scheduleMany(specs: JobSpec[], db?: DbOrTrx): Promise<number>;
  /** Ensures a recurring job exists (unique by hook+args); returns the pending row's id. */
  scheduleRecurring(spec: RecurringJobSpec, db?: DbOrTrx): Promise<number>;
  /**
   * Cancels pending jobs of `hook` (only those whose args contain every given key/value; with a list, those
   * matching any entry of it, in one pass); returns how many.
   */
  cancel(hook: string, args?: JobArgs | JobArgs[], db?: DbOrTrx): Promise<number>;
  /**
   * Cancels the pending jobs of the given groups (`JobSpec.group`; indexed by `jobs_group`: it reads only those jobs, where
   * `cancel` reads every pending job of a hook); returns how many.
   */
  cancelGroups(groups: string[], db?: DbOrTrx): Promise<number>;
  /** Claims and runs every due job once (the worker loop calls this; so do tests and the CLI); returns how many ran. */
  runDue(options?: { limit?: number; workerId?: string }): Promise<number>;
  /** Lists jobs, newest first. */
  list(filter: {
    status?: Job['status'];
    hook?: string;
    offset: number;
    limit: number;
  }): Promise<{ rows: Job[]; total: number }>;
  /** Starts the polling worker loop. */
  start(): void;
  /** Stops the loop and waits for the jobs it is running. */
  stop(): Promise<void>;
}
