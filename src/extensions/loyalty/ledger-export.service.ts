import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExtensionContext } from '../../extensions/define-extension.js';
import { formatPoints } from './points.js';
import { exportBatch, type LedgerExportRow, type LedgerFilter } from './points-ledger.repository.js';

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

/** The download name of an export made on `date`: `loyalty-ledger-YYYY-MM-DD.csv`. */
export function exportFileName(date: Date): string {
  return `loyalty-ledger-${date.toISOString().slice(0, 10)}.csv`;
}

/** Streams the filtered ledger as RFC 4180 CSV, newest first, reading it in keyset batches (constant memory). */
export function exportLedgerCsv(ctx: ExtensionContext, filter: LedgerFilter): Readable {
  const rows = Readable.from(ledgerRows(ctx, filter), { objectMode: true, highWaterMark: BATCH });
  const csv = stringify({ header: true, columns: [...EXPORT_COLUMNS], record_delimiter: '\r\n', eof: true });
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}

/** Neutralises a cell a spreadsheet would run as a formula (`= + - @`, tab, CR) by prefixing `'`. */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

async function* ledgerRows(ctx: ExtensionContext, filter: LedgerFilter): AsyncGenerator<string[]> {
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const batch: LedgerExportRow[] = await exportBatch(ctx.db, filter, after, BATCH);
    for (const row of batch) yield csvRecord(row);
    if (batch.length < BATCH) return;
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

function csvRecord(row: LedgerExportRow): string[] {
  return [
    String(row.id),
    String(row.user_id),
    neutralizeFormula(row.display_name ?? ''),
    neutralizeFormula(row.user_email ?? ''),
    row.transaction_type,
    formatPoints(row.amount),
    row.reference_type,
    String(row.reference_id),
    neutralizeFormula(row.description),
    row.expires_at ?? '',
    row.created_at,
  ];
}
