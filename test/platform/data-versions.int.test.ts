import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StoresideApp } from '../../src/app.js';
import { bumpTopics, DataVersions } from '../../src/platform/cache/data-versions.js';
import { type Database, openDatabase } from '../../src/platform/db/database.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Two instances on one database: the test app, and a second handle on the same SQLite file or PostgreSQL schema
// (a second process would see exactly this), with its own DataVersions, or a whole second app.
const SUITE_LIMIT_MS = 300;
let t: TestApp;
let schema: string | undefined;
let second: Database;
const extra: DataVersions[] = [];

async function otherInstance(input: { listen: boolean; pollMs: number }): Promise<DataVersions> {
  const versions = new DataVersions({
    db: second.db,
    logger: t.app.log,
    databaseUrl: input.listen ? (t.config.databaseUrl ?? undefined) : undefined,
    schema,
    pollMs: input.pollMs,
  });
  await versions.start();
  extra.push(versions);
  return versions;
}

/** Resolves once `condition` holds, checking every 5 ms; fails after `ms`. */
async function within(ms: number, condition: () => boolean): Promise<number> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

beforeAll(async () => {
  t = await createTestApp({ options: { sqliteFile: 'versions.sqlite' } });
  if (t.config.databaseUrl) {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(t.ctx.db);
    schema = rows[0]?.name;
  }
  second = await openDatabase({
    url: t.config.databaseUrl,
    dataDir: t.config.dataDir,
    sqliteFile: 'versions.sqlite',
    schema,
  });
});
afterAll(async () => {
  for (const versions of extra) await versions.stop();
  await second?.destroy();
  await t?.close();
});

describe('data versions across instances', () => {
  it('should let another instance see a committed bump within 100 ms, and never before the commit', async () => {
    // PostgreSQL: by NOTIFY alone (the backstop poll is a minute away). SQLite has no notifications: a second
    // process on the file learns by reading the versions, here every 50 ms.
    const engine = t.ctx.engine;
    const other = await otherInstance({
      listen: engine === 'postgres',
      pollMs: engine === 'postgres' ? 60_000 : 50,
    });
    const before = other.stamp(['demo.topic']);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writing = t.ctx.db.transaction().execute(async (trx) => {
      await bumpTopics(trx, 'demo.topic');
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(other.stamp(['demo.topic'])).toBe(before);
    // The writing instance serves nothing of the topic from its caches while the commit is not seen.
    expect(t.ctx.versions.stamp(['demo.topic'])).toBeNull();
    release();
    await writing;
    // 100 ms is the promise (held alone in `npm run test:cluster`); beside a parallel suite allow for a busy CPU.
    await within(SUITE_LIMIT_MS, () => other.stamp(['demo.topic']) !== before);
    await within(SUITE_LIMIT_MS, () => t.ctx.versions.stamp(['demo.topic']) !== null);
    expect(t.ctx.versions.stamp(['demo.topic'])).toBe(other.stamp(['demo.topic']));
  });

  it('should never move a version for a rolled-back write, and serve the topic again afterwards', async () => {
    const other = await otherInstance({ listen: true, pollMs: 50 });
    const before = other.stamp(['rolled.back']);
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await bumpTopics(trx, 'rolled.back');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.stamp(['rolled.back'])).toBe(before);
    await within(2500, () => t.ctx.versions.stamp(['rolled.back']) === before);
  });

  it('should catch a bump whose notification never came by reading the versions', async () => {
    const deaf = await otherInstance({ listen: false, pollMs: 100 });
    const before = deaf.stamp(['missed.topic']);
    await bumpTopics(t.ctx.db, 'missed.topic');
    await within(400, () => deaf.stamp(['missed.topic']) !== before);
  });
});

describe('two apps on one database', () => {
  let b: StoresideApp;
  beforeAll(async () => {
    b = await buildApp({
      config: t.config,
      sqliteFile: 'versions.sqlite',
      databaseSchema: schema,
      print: () => {},
    });
  });
  afterAll(async () => {
    await b?.close();
  });

  it('should show cart-recovery settings saved through one instance on the other at once', async () => {
    const limit = SUITE_LIMIT_MS;
    const admin = await t.createUser({ role: 'administrator' });
    const session = await t.login(admin);
    const read = async () =>
      (
        await b.app.inject({
          method: 'GET',
          url: '/wp-json/cartrecovery/v1/settings',
          headers: session.headers,
        })
      ).json().test_mode as boolean;
    expect(await read()).toBe(false);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/wp-json/cartrecovery/v1/settings',
      headers: session.headers,
      payload: { test_mode: true },
    });
    expect(saved.statusCode).toBe(200);
    const started = performance.now();
    while (!(await read())) {
      expect(performance.now() - started).toBeLessThan(limit);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
});
