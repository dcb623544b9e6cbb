import { Readable } from 'node:stream';
import { csvRecord, csvText } from '../../../platform/csv/csv.js';
import type { ExtensionContext } from '../../define-extension.js';
import { exportBatch, type LedgerFilter, type LedgerKey, userLabels } from './points-ledger.repository.js';

/** The export's columns, in order. */
export const EXPORT_COLUMNS = [
  'id',
  'user_id',
  'display_name',
  'user_email',
  'transaction_type',
  'amount',
  'reference_type',
  'reference_id',
  'description',
  'expires_at',
  'created_at',
] as const;

const BATCH = 500;
/** Users' CSV cells kept across batches (bounded: cleared when it grows past this). */
const MAX_CACHED_USERS = 50_000;

/** The download name of an export made on `date`: `loyalty-ledger-YYYY-MM-DD.csv`. */
export function exportFileName(date: Date): string {
  return `loyalty-ledger-${date.toISOString().slice(0, 10)}.csv`;
}

/**
 * Streams the filtered ledger as RFC 4180 CSV, oldest first (a journal). It reads keyset batches (the connection is free
 * between them) and turns each batch into one CSV chunk; the next batch is read only when the socket has
 * taken the previous one (backpressure), so memory stays constant whatever the size.
 */
export function exportLedgerCsv(ctx: ExtensionContext, filter: LedgerFilter): Readable {
  return Readable.from(csvChunks(ctx, filter), { objectMode: false, highWaterMark: 64 * 1024 });
}

async function* csvChunks(ctx: ExtensionContext, filter: LedgerFilter): AsyncGenerator<string> {
  yield csvRecord(EXPORT_COLUMNS);
  // user id → `display_name,user_email` cells, encoded once per export.
  const users = new Map<number, string>();
  let after: LedgerKey | null = null;
  for (;;) {
    const { rows, last } = await exportBatch(ctx.db, filter, after, BATCH);
    if (users.size > MAX_CACHED_USERS) users.clear();
    const missing = new Set<number>();
    for (const row of rows) if (!users.has(row[1])) missing.add(row[1]);
    if (missing.size > 0) {
      const labels = await userLabels(ctx.db, [...missing]);
      for (const id of missing) {
        const user = labels.get(id);
        users.set(id, `${csvText(user?.display_name ?? '')},${csvText(user?.email ?? '')}`);
      }
    }
    // One flat string per batch (a `+=` chain builds a rope V8 must flatten again when writing it).
    const lines: string[] = [];
    for (const [head, userId, middle, description, tail] of rows)
      lines.push(`${head},${users.get(userId)},${middle},${csvText(description)},${tail}\r\n`);
    if (lines.length > 0) yield lines.join('');
    if (rows.length < BATCH) return;
    after = last;
  }
}
