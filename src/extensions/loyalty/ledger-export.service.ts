import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ExtensionContext } from '../../extensions/define-extension.js';
import { formatPoints } from './points.js';
import {
  exportBatch,
  type LedgerExportRow,
  type LedgerFilter,
  userLabels,
} from './points-ledger.repository.js';

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

const BATCH = 2000;
const CSV_OPTIONS = { record_delimiter: '\r\n' } as const;

/** The download name of an export made on `date`: `loyalty-ledger-YYYY-MM-DD.csv`. */
export function exportFileName(date: Date): string {
  return `loyalty-ledger-${date.toISOString().slice(0, 10)}.csv`;
}

/**
 * Streams the filtered ledger as RFC 4180 CSV, newest first. It reads keyset batches (the connection is free
 * between them) and turns each batch into one CSV chunk, so memory stays constant whatever the size.
 */
export function exportLedgerCsv(ctx: ExtensionContext, filter: LedgerFilter): Readable {
  return Readable.from(csvChunks(ctx, filter), { objectMode: false, highWaterMark: 1 << 20 });
}

/** Neutralises a cell a spreadsheet would run as a formula (`= + - @`, tab, CR) by prefixing `'`. */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

async function* csvChunks(ctx: ExtensionContext, filter: LedgerFilter): AsyncGenerator<string> {
  yield stringify([[...EXPORT_COLUMNS]], CSV_OPTIONS);
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const batch: LedgerExportRow[] = await exportBatch(ctx.db, filter, after, BATCH);
    if (batch.length > 0) {
      const labels = await userLabels(ctx.db, [...new Set(batch.map((row) => row.user_id))]);
      yield stringify(
        batch.map((row) => csvRecord(row, labels.get(row.user_id))),
        CSV_OPTIONS,
      );
    }
    if (batch.length < BATCH) return;
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

function csvRecord(
  row: LedgerExportRow,
  user: { display_name: string; email: string } | undefined,
): string[] {
  return [
    String(row.id),
    String(row.user_id),
    neutralizeFormula(user?.display_name ?? ''),
    neutralizeFormula(user?.email ?? ''),
    row.transaction_type,
    formatPoints(row.amount),
    row.reference_type,
    String(row.reference_id),
    neutralizeFormula(row.description),
    row.expires_at ?? '',
    row.created_at,
  ];
}
