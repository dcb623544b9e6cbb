import type { DbOrTrx } from '../../../platform/db/database.js';
import type { RestError } from '../../../platform/http/errors.js';
import type { ShopProductPrice } from '../../../shop/shop-api.js';
import type { ExtensionServices } from '../../define-extension.js';
import { abandonmentCheckSpecs } from '../sequence/session-jobs.js';
import {
  type AcceptedCapture,
  captureLanes,
  type SortedCaptures,
  writeCaptureBatch,
} from '../sessions/captures.repository.js';
import type { CapturedSessionRow } from '../sessions/sessions.repository.js';
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
 * events, each session's exact abandonment job and one bump of the sessions cache topic, through the one write
 * path of captures (`writeCaptureBatch`, which knows how each engine does it best), `captureLanes` batches at a
 * time. Every caller is answered only after its batch committed. A refused capture (suppressed address, nothing purchasable in the cart) is rejected with
 * its 400 alone while the others are written; a failing batch is retried capture by capture, so one bad capture
 * fails alone.
 */
export class CaptureWriter {
  /** How many batches are written at a time. */
  readonly lanes: number;
  private queue: Waiting[] = [];
  private busyLanes = 0;

  constructor(private readonly cr: ExtensionServices) {
    this.lanes = captureLanes(cr.ctx.db);
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
  private writeAll(captures: NewCapture[]): Promise<Array<RestError | null>> {
    const { ctx } = this.cr;
    return writeCaptureBatch(ctx.db, {
      emailHashes: captures.map((c) => c.row.email_hash),
      sortOut: (suppressed, db) => this.sortOut(captures, suppressed, db),
      jobs: abandonmentCheckSpecs,
      queue: ctx.jobs,
      clock: ctx.clock,
    });
  }

  /** Each capture's refusal (suppressed, nothing purchasable) or null, and the accepted ones with their carts priced. */
  private async sortOut(
    captures: NewCapture[],
    suppressed: Set<string>,
    db: DbOrTrx,
  ): Promise<SortedCaptures<Array<RestError | null>>> {
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
    return { result: refusals, accepted };
  }
}

function settle(batch: Waiting[], refusals: Array<RestError | null>): void {
  batch.forEach((waiting, i) => {
    const refusal = refusals[i];
    if (refusal) waiting.reject(refusal);
    else waiting.resolve();
  });
}
