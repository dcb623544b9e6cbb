import type { Readable } from 'node:stream';
import { csvStream } from '../../../platform/csv/csv-stream.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { logEntriesAfter } from './activity-log.repository.js';

/** Columns of the CSV export, in order. */
export const CSV_COLUMNS = ['time', 'level', 'title', 'details', 'user', 'ip', 'method', 'url', 'user_agent'];

const BATCH = 500;

/** Every entry, oldest first, as an RFC 4180 CSV stream read in batches (constant memory), formulas guarded. */
export function activityCsvStream(db: DbOrTrx): Readable {
  return csvStream(CSV_COLUMNS, batches(db));
}

async function* batches(db: DbOrTrx): AsyncGenerator<string[][]> {
  let after = 0;
  for (;;) {
    const batch = await logEntriesAfter(db, after, BATCH);
    yield batch.map((row) => [
      row.created_at.replace(' ', 'T'),
      row.level,
      row.title,
      row.details,
      row.user_login,
      row.ip,
      row.method,
      row.url,
      row.user_agent,
    ]);
    if (batch.length < BATCH) return;
    after = batch[batch.length - 1]!.id;
  }
}
