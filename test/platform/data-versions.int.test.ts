import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StoresideApp } from '../../src/app.js';
import { bumpTopics, DataVersions } from '../../src/platform/cache/data-versions.js';
import { readVersions } from '../../src/platform/cache/data-versions.repository.js';
import { defineTopics } from '../../src/platform/cache/topics.js';
import { type Database, openDatabase } from '../../src/platform/db/database.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Two instances on one database: the test app, and a second handle on the same SQLite file or PostgreSQL schema
// (a second process would see exactly this), with its own DataVersions, or a whole second app.
let t: TestApp;
let schema: string | undefined;
let second: Database;
let other: DataVersions;
const TEST = defineTopics('test', ['demo', 'rolledBack', 'shared', 'many']);

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
  other = new DataVersions({
    db: second.db,
    logger: t.app.log,
    databaseUrl: t.config.databaseUrl ?? undefined,
    schema,
  });
  await other.start();
});
afterAll(async () => {
  await other?.stop();
  await second?.destroy();
  await t?.close();
});

describe('data versions across instances', () => {
  it('should show another instance a bump at its next catch-up after the commit, never before it', async () => {
    const before = other.stamp([TEST.demo]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let bumped!: () => void;
    const bumpDone = new Promise<void>((resolve) => {
      bumped = resolve;
    });
    const writing = t.ctx.db.transaction().execute(async (trx) => {
      await bumpTopics(trx, TEST.demo);
      bumped();
      await held;
    });
    await bumpDone;
    await other.catchUp();
    expect(other.stamp([TEST.demo])).toBe(before);
    // The writing instance serves nothing of the topic from its caches while its transaction is open.
    expect(t.ctx.versions.stamp([TEST.demo])).toBeNull();
    release();
    await writing;
    // No waiting: the commit is seen by the first catch-up that starts after it.
    expect(t.ctx.versions.stamp([TEST.demo])).not.toBeNull();
    await other.catchUp();
    expect(other.stamp([TEST.demo])).not.toBe(before);
  });

  it('should never move a version for a rolled-back write, and serve the topic again afterwards', async () => {
    await other.catchUp();
    const before = other.stamp([TEST.rolledBack]);
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await bumpTopics(trx, TEST.rolledBack);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await other.catchUp();
    expect(other.stamp([TEST.rolledBack])).toBe(before);
    expect(t.ctx.versions.stamp([TEST.rolledBack])).not.toBeNull();
  });

  it('should let concurrent catch-ups share one read that starts after each of them', async () => {
    await other.catchUp();
    const before = other.stamp([TEST.shared]);
    await bumpTopics(t.ctx.db, TEST.shared);
    const first = other.catchUp();
    // A read is in flight: the next callers wait for one that starts after them, and share it.
    const second = other.catchUp();
    const third = other.catchUp();
    expect(first).not.toBeNull();
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    await first;
    expect(other.stamp([TEST.shared])).not.toBe(before);
    await Promise.all([second, third]);
  });

  it('should keep every version through a compaction of many bumps from both instances', async () => {
    await other.catchUp();
    const before = (await readVersions(t.ctx.db)).versions;
    const sum = (rows: Array<{ topic: string; version: number }>, topic: string) =>
      rows.find((r) => r.topic === topic)?.version ?? 0;
    const writes: Array<Promise<void>> = [];
    for (let i = 0; i < 300; i++) writes.push(bumpTopics(i % 2 ? t.ctx.db : second.db, TEST.many));
    await Promise.all(writes);
    await other.catchUp();
    const after = await readVersions(t.ctx.db);
    expect(sum(after.versions, TEST.many)).toBe(sum(before, TEST.many) + 300);
    // Compactions run in the background; wait for the table to be folded, the sums unchanged.
    const started = performance.now();
    let rows = after.rows;
    while (rows > 100 && performance.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await other.catchUp();
      rows = (await readVersions(t.ctx.db)).rows;
    }
    const folded = await readVersions(t.ctx.db);
    expect(folded.rows).toBeLessThan(100);
    expect(sum(folded.versions, TEST.many)).toBe(sum(before, TEST.many) + 300);
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

  it('should show cart-recovery settings saved through one instance on the other on the very next request', async () => {
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
    expect(await read()).toBe(false);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/wp-json/cartrecovery/v1/settings',
      headers: session.headers,
      payload: { test_mode: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(await read()).toBe(true);
  });
});
