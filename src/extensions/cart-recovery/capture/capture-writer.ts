import type { CartRecovery } from '../cart-recovery.services.js';
import { scheduleAbandonmentChecks } from '../sequence/session-jobs.js';
import { insertEvents, insertSessions, type NewSessionRow } from '../sessions/sessions.repository.js';

/** A new capture ready to be stored: its session row and when its exact abandonment check runs. */
export interface NewCapture {
  row: NewSessionRow & { session_id: string; captured_at: string };
  checkAt: Date;
}

/** Captures per transaction at most (keeps the multi-row inserts far below both engines' parameter limits). */
const MAX_BATCH = 100;

interface Waiting {
  capture: NewCapture;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of new captures. Captures that arrive in the same turn of the event loop (under load, all
 * those whose requests were read together) are written together in one transaction: multi-row inserts of the
 * sessions and their `captured` events, each session's exact abandonment job, one analytics-cache drop,
 * and one commit — the commit costs more than the inserts. Every caller is answered only after its
 * batch committed. A failing batch is retried capture by capture, so one bad capture fails alone.
 */
export class CaptureWriter {
  private queue: Waiting[] = [];

  constructor(private readonly cr: CartRecovery) {}

  /** Stores one new capture (resolves once committed). */
  write(capture: NewCapture): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ capture, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => void this.flush());
    });
  }

  /**
   * Writes what arrived since the last turn of the event loop. Batches do not wait for each other: on
   * PostgreSQL they commit concurrently on the pool's connections; on SQLite they queue for its one connection.
   */
  private async flush(): Promise<void> {
    const waiting = this.queue;
    this.queue = [];
    for (let start = 0; start < waiting.length; start += MAX_BATCH) {
      const batch = waiting.slice(start, start + MAX_BATCH);
      try {
        await this.writeAll(batch.map((w) => w.capture));
        for (const w of batch) w.resolve();
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else await this.writeOneByOne(batch);
      }
    }
  }

  private async writeOneByOne(batch: Waiting[]): Promise<void> {
    for (const waiting of batch) {
      try {
        await this.writeAll([waiting.capture]);
        waiting.resolve();
      } catch (error) {
        waiting.reject(error);
      }
    }
  }

  private async writeAll(captures: NewCapture[]): Promise<void> {
    const { cr } = this;
    await cr.ctx.db.transaction().execute(async (trx) => {
      const ids = await insertSessions(
        trx,
        captures.map((c) => c.row),
      );
      await insertEvents(
        trx,
        captures.map((c) => ({
          sessionId: ids.get(c.row.session_id)!,
          type: 'captured',
          data: { source: c.row.source },
          at: c.row.captured_at,
        })),
      );
      await scheduleAbandonmentChecks(
        cr,
        trx,
        captures.map((c) => ({ sessionId: ids.get(c.row.session_id)!, at: c.checkAt })),
      );
      await cr.analyticsCache.invalidate(
        captures.map((c) => c.row.captured_at),
        trx,
      );
    });
  }
}
