import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataVersions } from '../../src/platform/cache/data-versions.js';
import { type Database, openDatabase } from '../../src/platform/db/database.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// PostgreSQL: an instance alone on the database skips the per-request version read under a solo lease; a newcomer
// (a second server, a CLI command) starts only once that lease has run out, so nothing it writes goes unseen.
let t: TestApp;
let second: Database | undefined;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await second?.destroy();
  await t?.close();
});

/** Resolves once `condition` holds, checking every 20 ms; fails after `ms`. */
async function within(ms: number, condition: () => boolean): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!postgres)('instance leases', () => {
  it('should answer without a version read while alone, and read again from the moment a newcomer has started', async () => {
    await within(3000, () => t.ctx.versions.catchUp() === null);
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(t.ctx.db);
    const schema = rows[0]!.name;
    second = await openDatabase({ url: t.config.databaseUrl, schema });
    const newcomer = new DataVersions({
      db: second.db,
      logger: t.app.log,
      databaseUrl: t.config.databaseUrl ?? undefined,
      schema,
    });
    const started = performance.now();
    await newcomer.start();
    // The newcomer waited out the solo lease; the first instance reads versions again by now.
    expect(performance.now() - started).toBeGreaterThan(0);
    expect(t.ctx.versions.catchUp()).not.toBeNull();
    await t.ctx.versions.catchUp();
    expect(t.ctx.versions.catchUp()).not.toBeNull();
    await newcomer.stop();
    // Alone again: the next renewal takes the solo lease back.
    await within(3000, () => t.ctx.versions.catchUp() === null);
  });
});
