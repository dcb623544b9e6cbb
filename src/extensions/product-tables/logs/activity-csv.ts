import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { logEntriesAfter } from './activity-log.repository.js';

/** Columns of the CSV export, in order. */
export const CSV_COLUMNS = ['time', 'level', 'title', 'details', 'user', 'ip', 'method', 'url', 'user_agent'];

const BATCH = 500;

/** Every entry, oldest first, as an RFC 4180 CSV stream read in batches (constant memory). */
export function activityCsvStream(db: DbOrTrx): Readable {
  return Readable.from(rows(db)).pipe(
    stringify({ header: true, columns: CSV_COLUMNS, record_delimiter: 'windows' }),
  );
}

/** Neutralises spreadsheet formulas: a cell starting with = + - @ tab or CR gets a leading apostrophe. */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

async function* rows(db: DbOrTrx): AsyncGenerator<string[]> {
  let after = 0;
  for (;;) {
    const batch = await logEntriesAfter(db, after, BATCH);
    for (const row of batch) {
      yield [
        row.created_at.replace(' ', 'T'),
        row.level,
        row.title,
        row.details,
        row.user_login,
        row.ip,
        row.method,
        row.url,
        row.user_agent,
      ].map(guardFormula);
    }
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}
