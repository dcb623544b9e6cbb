import { Readable } from 'node:stream';
import { type CsvValue, csvRecord } from './csv.js';

/**
 * A CSV download as a stream: the header, then each batch of records as one chunk. The next batch is read only
 * when the reader has taken the previous one (backpressure), so memory stays constant whatever the size.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<ReadonlyArray<readonly CsvValue[]>>,
): Readable {
  return Readable.from(chunks(header, batches), { objectMode: false, highWaterMark: 64 * 1024 });
}

async function* chunks(
  header: readonly string[],
  batches: AsyncIterable<ReadonlyArray<readonly CsvValue[]>>,
): AsyncGenerator<string> {
  yield csvRecord(header);
  for await (const batch of batches) if (batch.length > 0) yield batch.map(csvRecord).join('');
}
