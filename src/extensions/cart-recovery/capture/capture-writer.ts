import type { DbOrTrx } from '../../../platform/db/database.js';
import type { RestError } from '../../../platform/http/errors.js';
import { newJobValues } from '../../../platform/jobs/db-job-queue.js';
import type { ShopProductPrice } from '../../../shop/shop-api.js';
import type { ExtensionServices } from '../../define-extension.js';
import { abandonmentCheckSpecs, scheduleAbandonmentChecks } from '../sequence/session-jobs.js';
import {
  type CapturedSessionRow,
  capturesAtOnce,
  findSuppressedHashes,
  insertCapturesAtOnce,
  insertEvents,
  insertSessions,
  suppressedHashesAndNewIds,
} from '../sessions/sessions.repository.js';
import { emptyCart, suppressedAddress } from './capture-refusals.js';
import {
  type CartSnapshot,
  type ClientCartLine,
  clientProductIds,
  snapshotColumns,
  snapshotFromClientLines,
} from './cart-snapshot.js';

/** The session columns the writer fills from the cart. */
type SnapshotColumn = keyof ReturnType<typeof snapshotColumns>;

/** A new capture ready to be stored: its session row, its cart and when its exact abandonment check runs. */
export interface NewCapture {
  /** The session row without its cart columns. */
  row: Omit<CapturedSessionRow, SnapshotColumn> & { session_id: string; captured_at: string };
  /** A snapshot already taken (the shopper's own cart), or the browser's lines, priced in the batch. */
  cart: { snapshot: CartSnapshot } | { clientLines: ClientCartLine[] };
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
 * Group commit of new captures. Captures that arrive while earlier batches are being written (or in the same
 * turn of the event loop when the writer is idle) are written together, atomically: one read of the suppression
 * list and one of the catalogue for the whole batch, multi-row inserts of the sessions and their `captured`
 * events, each session's exact abandonment job and one bump of the sessions cache topic. On SQLite that is one
 * transaction and one batch at a time (one connection); on PostgreSQL two statements without a transaction, and
 * two batches at a time, so one batch's round trips overlap the other's. Every caller is answered only after
 * its batch committed. A refused capture (suppressed address, nothing purchasable in the cart) is rejected with
 * its 400 alone while the others are written; a failing batch is retried capture by capture, so one bad capture
 * fails alone.
 */
export class CaptureWriter {
  /** How many batches are written at a time. */
  readonly lanes: number;
  private queue: Waiting[] = [];
  private busyLanes = 0;

  constructor(private readonly cr: ExtensionServices) {
    this.lanes = capturesAtOnce(cr.ctx.db) ? 2 : 1;
  }

  /** Stores one new capture (resolves once committed; rejects with the capture's refusal or failure). */
  write(capture: NewCapture): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ capture, resolve, reject });
      if (this.busyLanes < this.lanes) {
        this.busyLanes++;
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Writes batches until nothing waits; what arrives meanwhile forms the next batch. */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) await this.writeBatch(this.queue.splice(0, MAX_BATCH));
    this.busyLanes--;
  }

  private async writeBatch(batch: Waiting[]): Promise<void> {
    try {
      settle(batch, await this.writeAll(batch.map((w) => w.capture)));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else await this.writeOneByOne(batch);
    }
  }

  private async writeOneByOne(batch: Waiting[]): Promise<void> {
    for (const waiting of batch) {
      try {
        settle([waiting], await this.writeAll([waiting.capture]));
      } catch (error) {
        waiting.reject(error);
      }
    }
  }

  /** Writes the captures that are not refused, atomically; returns each capture's refusal or null. */
  private async writeAll(captures: NewCapture[]): Promise<Array<RestError | null>> {
    const { cr } = this;
    if (capturesAtOnce(cr.ctx.db)) return this.writeAtOnce(captures);
    return cr.ctx.db.transaction().execute(async (trx) => {
      const suppressed = await findSuppressedHashes(trx, emailHashes(captures));
      const { refusals, accepted } = await this.sortOut(captures, suppressed, trx);
      if (accepted.length === 0) return refusals;
      const ids = await insertSessions(
        trx,
        accepted.map((c) => c.row),
      );
      await insertEvents(
        trx,
        accepted.map((c) => capturedEvent(ids.get(c.row.session_id)!, c.row)),
      );
      await scheduleAbandonmentChecks(
        cr,
        trx,
        accepted.map((c) => ({ sessionId: ids.get(c.row.session_id)!, at: c.checkAt })),
      );
      return refusals;
    });
  }

  /**
   * PostgreSQL: the suppression read reserves the row ids too, then the catalogue is read, then the sessions,
   * their events, their jobs and the topic bump are one statement: three round trips for the whole batch.
   */
  private async writeAtOnce(captures: NewCapture[]): Promise<Array<RestError | null>> {
    const { db, clock } = this.cr.ctx;
    const { suppressed, ids } = await suppressedHashesAndNewIds(db, emailHashes(captures), captures.length);
    const { refusals, accepted } = await this.sortOut(captures, suppressed, db);
    if (accepted.length === 0) return refusals;
    const sessions = accepted.map((c, i) => ({ ...c.row, id: ids[i]! }));
    const checks = abandonmentCheckSpecs(accepted.map((c, i) => ({ sessionId: ids[i]!, at: c.checkAt })));
    await insertCapturesAtOnce(db, {
      sessions,
      events: sessions.map((row) => capturedEvent(row.id, row)),
      jobs: { count: checks.length, values: newJobValues(checks, clock.now()) },
    });
    return refusals;
  }

  /** Each capture's refusal (suppressed, nothing purchasable) or null, and the accepted ones with their carts priced. */
  private async sortOut(
    captures: NewCapture[],
    suppressed: Set<string>,
    db: DbOrTrx,
  ): Promise<{ refusals: Array<RestError | null>; accepted: AcceptedCapture[] }> {
    const { cr } = this;
    const toPrice = captures.flatMap((c) =>
      'clientLines' in c.cart && !suppressed.has(c.row.email_hash) ? [c.cart.clientLines] : [],
    );
    const productIds = clientProductIds(toPrice);
    const prices = new Map<number, ShopProductPrice>(
      productIds.length > 0 ? (await cr.ctx.shop.getProductPrices(productIds, db)).map((p) => [p.id, p]) : [],
    );
    const refusals: Array<RestError | null> = [];
    const accepted: AcceptedCapture[] = [];
    for (const capture of captures) {
      if (suppressed.has(capture.row.email_hash)) {
        refusals.push(suppressedAddress());
        continue;
      }
      const snapshot =
        'snapshot' in capture.cart
          ? capture.cart.snapshot
          : snapshotFromClientLines(capture.cart.clientLines, prices, cr.ctx.shop.currency.code);
      if (snapshot.items.length === 0) {
        refusals.push(emptyCart());
        continue;
      }
      refusals.push(null);
      accepted.push({ row: { ...capture.row, ...snapshotColumns(snapshot) }, checkAt: capture.checkAt });
    }
    return { refusals, accepted };
  }
}

/** A capture that is written: its full session row and when its abandonment check runs. */
interface AcceptedCapture {
  row: CapturedSessionRow & { session_id: string; captured_at: string };
  checkAt: Date;
}

function emailHashes(captures: NewCapture[]): string[] {
  return captures.map((c) => c.row.email_hash);
}

/** The `captured` event of a new session. */
function capturedEvent(sessionId: number, row: { source: string; captured_at: string }) {
  return { sessionId, type: 'captured', data: { source: row.source }, at: row.captured_at };
}

function settle(batch: Waiting[], refusals: Array<RestError | null>): void {
  batch.forEach((waiting, i) => {
    const refusal = refusals[i];
    if (refusal) waiting.reject(refusal);
    else waiting.resolve();
  });
}
