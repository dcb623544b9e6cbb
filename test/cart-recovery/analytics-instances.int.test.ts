import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StoresideApp } from '../../src/app.js';
import { computeAnalytics } from '../../src/extensions/cart-recovery/analytics/analytics.service.js';
import { cartRecoveryExtension } from '../../src/extensions/cart-recovery/cart-recovery.extension.js';
import { bumpTopics } from '../../src/platform/cache/data-versions.js';
import { ManualClock } from '../../src/platform/clock.js';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp, createProduct, crOf } from './cr-helpers.js';
import { CART_RECOVERY_TOPICS } from '../../src/extensions/cart-recovery/cart-recovery.topics.js';

// Two instances on one database (a SQLite file or one PostgreSQL schema): the test app (A) and a second app (B).
// Analytics are cached per period in each instance and kept while the version of `cartrecovery.sessions` holds;
// a capture through B reaches A's cached figures at A's next request, which first reads the data versions.
const LIMIT_MS = 400;
const FILE = 'cr-instances.sqlite';
const TOPICS = [CART_RECOVERY_TOPICS.sessions];
let t: TestApp;
let b: StoresideApp;
let clock: ManualClock;
let admin: Record<string, string>;
let mug: number;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));
  t = await createCrApp({ options: { clock, sqliteFile: FILE } });
  let schema: string | undefined;
  if (t.config.databaseUrl) {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(t.ctx.db);
    schema = rows[0]?.name;
  }
  b = await buildApp({
    config: t.config,
    sqliteFile: FILE,
    databaseSchema: schema,
    extensions: [cartRecoveryExtension],
    clock,
    print: () => {},
  });
  admin = (await t.login(await t.createUser({ role: 'administrator' }))).headers;
  mug = await createProduct(t, admin, { name: 'Blue Mug', price: '12.50' });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

let ip = 0;
const captureOn = async (app: { app: StoresideApp['app'] }, email: string) => {
  const r = await capture(
    app as TestApp,
    { email, consent: true, cart: [{ product_id: mug, quantity: 1 }], source: 'classic' },
    { ip: `10.9.0.${++ip}` },
  );
  expect(r.statusCode, r.body).toBe(201);
};
const analyticsOnA = async (days = 7) => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/wp-json/cartrecovery/v1/analytics?days=${days}`,
    headers: admin,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { tracked: number; generated_at: string };
};
/** Resolves once `condition` holds, checking every 5 ms; fails after LIMIT_MS. */
async function within(condition: () => boolean | Promise<boolean>): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    expect(performance.now() - started).toBeLessThan(LIMIT_MS);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('cart-recovery analytics on two instances', () => {
  it('should keep a period cached until a capture through the other instance, then count it', async () => {
    await within(() => t.ctx.versions.stamp(TOPICS) !== null);
    const before = await analyticsOnA();
    clock.advance(1000);
    expect((await analyticsOnA()).generated_at).toBe(before.generated_at);
    await captureOn(b, 'other@example.com');
    expect((await analyticsOnA()).tracked).toBe(before.tracked + 1);
  });

  it('should not keep figures read before a change the other instance committed meanwhile', async () => {
    const cr = crOf(t);
    await within(() => t.ctx.versions.stamp(TOPICS) !== null);
    const stamp = t.ctx.versions.stamp(TOPICS);
    // 90 days: a period not cached yet.
    const stale = await cr.analyticsCache.get(90, async () => {
      const report = await computeAnalytics(cr, 90);
      await captureOn(b, 'meanwhile@example.com');
      // What A's next request does before anything else.
      await t.ctx.versions.catchUp();
      expect(t.ctx.versions.stamp(TOPICS)).not.toBe(stamp);
      return report;
    });
    clock.advance(1000);
    const fresh = await analyticsOnA(90);
    expect(fresh.tracked).toBe(stale.tracked + 1);
    expect(fresh.generated_at).not.toBe(stale.generated_at);
  });

  it('should not keep figures read across a write of this instance', async () => {
    const cr = crOf(t);
    await within(() => t.ctx.versions.stamp(TOPICS) !== null);
    let computed = 0;
    const compute = async () => ++computed;
    await cr.analyticsCache.get(30, async () => {
      await bumpTopics(t.ctx.db, CART_RECOVERY_TOPICS.sessions);
      return compute();
    });
    await within(() => t.ctx.versions.stamp(TOPICS) !== null);
    expect(await cr.analyticsCache.get(30, compute)).toBe(2);
    expect(await cr.analyticsCache.get(30, compute)).toBe(2);
  });
});
