import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StoresideApp } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adjust, adminSession } from './helpers.js';

// Two instances on one database: the test app (A) and a whole second app (B) on the same SQLite file or
// PostgreSQL schema, as a second process would be. B listens, so its replay lane answers repeated pages too.
// A write acknowledged by A is in the very next page B answers (platform/cache/data-versions.ts).
let a: TestApp;
let b: StoresideApp;
let base: string;
let headers: Record<string, string>;

beforeAll(async () => {
  a = await createTestApp({ options: { sqliteFile: 'loyalty.sqlite' } });
  const schema = a.config.databaseUrl
    ? ((await a.ctx.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('name')).executeTakeFirst())
        ?.name as string)
    : undefined;
  b = await buildApp({
    config: a.config,
    sqliteFile: 'loyalty.sqlite',
    databaseSchema: schema,
    print: () => {},
  });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(b.app.server.address() as { port: number }).port}`;
  ({ headers } = await adminSession(a));
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function pageOnB(path: string) {
  const response = await fetch(`${base}/wp-json/loyalty/v1${path}`, { headers });
  expect(response.status).toBe(200);
  return {
    entries: (await response.json()) as Array<{ id: number; amount: string }>,
    total: response.headers.get('x-wp-total'),
  };
}

describe('loyalty ledger on two instances of one database', () => {
  it('should show a credit made through A in the ledger page read through B right after', async () => {
    const customer = await a.createUser({ role: 'customer' });
    const path = `/ledger?user_id=${customer.id}`;
    // B has the page cached (and its lane keeps the answer) before the write.
    const replayedBefore = b.app.replayLane.replayed;
    expect(await pageOnB(path)).toEqual({ entries: [], total: '0' });
    expect(await pageOnB(path)).toEqual({ entries: [], total: '0' });
    expect(b.app.replayLane.replayed).toBe(replayedBefore + 1);

    const { entry_id } = await adjust(a, headers, { user_id: customer.id, amount: 25 });
    const page = await pageOnB(path);
    expect(page.total).toBe('1');
    expect(page.entries[0]).toMatchObject({ id: entry_id, amount: '25.00' });

    // And the unfiltered page (another cached key) moves as well.
    await pageOnB('/ledger');
    const { entry_id: second } = await adjust(a, headers, { user_id: customer.id, amount: 5 });
    expect((await pageOnB('/ledger')).entries[0]?.id).toBe(second);
  });
});
