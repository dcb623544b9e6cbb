import { sql, type Transaction } from 'kysely';
import type { Db, Engine, Tables } from './database.js';

/** One unit of work of a group: what it does inside the shared transaction. */
export type GroupedWork<R> = (trx: Transaction<Tables>) => Promise<R>;

interface Queued {
  work: GroupedWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: units of work submitted while the previous group is being written (or in the same turn of the
 * event loop when idle) run one after another in one transaction, each inside its own savepoint, and are
 * committed together. A unit that throws is rolled back to its savepoint and rejected alone; the others are
 * committed. Every caller is answered only after the commit, so nothing is acknowledged before it is durable.
 * The units run in submission order and each sees the effects of the ones before it, exactly as if they had
 * been separate transactions one after another; what is saved is one commit (its WAL page writes) per group
 * instead of one per unit.
 *
 * SQLite only: its one connection runs every transaction in turn anyway. On PostgreSQL each unit runs in a
 * transaction of its own, because a group holding the row locks of several units could deadlock with a
 * transaction that takes two of those rows in the other order.
 */
export class GroupCommit {
  private queue: Queued[] = [];
  private draining = false;

  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
    private readonly maxGroup = 64,
  ) {}

  /** Runs `work` in the next group's transaction; resolves with its result once that group is committed. */
  run<R>(work: GroupedWork<R>): Promise<R> {
    if (this.engine !== 'sqlite') return this.db.transaction().execute(work);
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) await this.commitGroup(this.queue.splice(0, this.maxGroup));
    this.draining = false;
  }

  private async commitGroup(group: Queued[]): Promise<void> {
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const unit of group) {
          if (group.length === 1) {
            outcomes.push({ ok: true, value: await unit.work(trx) });
            continue;
          }
          await sql`savepoint group_unit`.execute(trx);
          try {
            const value = await unit.work(trx);
            await sql`release savepoint group_unit`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`rollback to savepoint group_unit`.execute(trx);
            await sql`release savepoint group_unit`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The commit itself failed (or a lone unit threw): nothing of this group was written.
      for (const unit of group) unit.reject(error);
      return;
    }
    group.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }
}
