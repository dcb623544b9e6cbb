import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLicenseServer } from '../../src/fakes/license-server.fake.js';
import { toDbTime } from '../../src/platform/db/sql-helpers.js';
import { type Cluster, type Instance, startCluster } from './support/cluster.js';

// Two `storeside serve` processes on one PostgreSQL and one Redis behind a round-robin proxy, used as an operator
// and their clients would: whatever one instance acknowledged, the other answers accordingly on the very next
// request, with no waiting in between.
let cluster: Cluster;
let admin: Session;
// The cluster's database, read (and, to move time, written) directly by the job tests.
let db: pg.Pool;
// The license server the instances activate cart-recovery licenses with.
let licenses: FakeLicenseServer;

interface Session {
  cookie: string;
  nonce: string;
  headers: Record<string, string>;
}

async function call(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const response = await fetch(`${base}/wp-json${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: () => JSON.parse(text), text };
}

async function login(base: string, username: string, password: string): Promise<Session> {
  const response = await call(base, 'POST', '/auth/v1/login', {}, { username, password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  const nonce = response.json().nonce as string;
  return { cookie, nonce, headers: { cookie, 'x-wp-nonce': nonce } };
}

/** Repeats `probe` every `every` ms until it returns true; returns the milliseconds it took (fails after `ms`). */
async function within(ms: number, probe: () => Promise<boolean>, every = 5): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
  return performance.now() - started;
}

// Names unique to this run: Redis (login throttle) outlives the run's database.
const run = randomBytes(3).toString('hex');
let userCounter = 0;
async function createUser(role: string): Promise<{ id: number; username: string; password: string }> {
  const username = `member${run}${++userCounter}`;
  const password = `password-${userCounter}-long`;
  const created = await call(cluster.url, 'POST', '/wp/v2/users', admin.headers, {
    username,
    email: `${username}@example.com`,
    password,
    roles: [role],
  });
  if (created.status !== 201) throw new Error(`create user: ${created.status} ${created.text}`);
  return { id: created.json().id as number, username, password };
}

/** Rows of a query on the cluster's database. */
async function rows<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query(text, values)).rows as T[];
}

// Cart recovery: sessions captured through the instances, and time moved on through the database (the
// instances run on the real clock; the abandonment timeout and step delays are minutes to days).
let captureCounter = 0;
let recoveryProduct: number | undefined;
interface Captured {
  id: number;
  email: string;
  quantity: number;
}

/** Captures `count` consented carts (1–3 units of one product), alternating the instances, each from its own address. */
async function captureSessions(count: number, through?: string): Promise<Captured[]> {
  if (recoveryProduct === undefined) {
    const product = await call(cluster.url, 'POST', '/wc/v3/products', admin.headers, {
      name: `Cluster teapot ${run}`,
      regular_price: '24.00',
      status: 'publish',
    });
    expect(product.status).toBe(201);
    recoveryProduct = product.json().id as number;
  }
  const captured: Captured[] = [];
  for (let i = 0; i < count; i++) {
    const n = ++captureCounter;
    const email = `shopper${run}-${n}@example.com`;
    const quantity = 1 + (n % 3);
    const answer = await call(
      through ?? cluster.instances[n % cluster.instances.length]!.url,
      'POST',
      '/cartrecovery/v1/capture',
      { 'x-forwarded-for': `10.17.${Math.floor(n / 250)}.${n % 250}` },
      { email, consent: true, cart: [{ product_id: recoveryProduct, quantity }], source: 'classic' },
    );
    expect(answer.status, answer.text).toBe(201);
    const [row] = await rows<{ id: number }>('select id from cr_sessions where session_id = $1', [
      answer.json().session_id,
    ]);
    captured.push({ id: row!.id, email, quantity });
  }
  return captured;
}

/** Moves the sessions' last activity back beyond the abandonment timeout (their checks are still 30 min away). */
async function makeIdle(sessions: Captured[]): Promise<void> {
  await db.query('update cr_sessions set last_activity_at = $1 where id = any($2)', [
    toDbTime(new Date(Date.now() - 31 * 60_000)),
    sessions.map((s) => s.id),
  ]);
}

/** Makes the sessions' exact abandonment checks due, all in one statement; `runAt` gives each its own time. */
async function makeChecksDue(
  sessions: Captured[],
  runAt: (session: Captured) => Date = () => new Date(),
): Promise<void> {
  const moved = await db.query(
    `update jobs set run_at = due.run_at from unnest($1::text[], $2::text[]) as due(group_name, run_at)
       where jobs.group_name = due.group_name and hook = 'cartrecovery.detect_session_abandonment'
       and status = 'pending'`,
    [sessions.map((s) => `cartrecovery.detect.${s.id}`), sessions.map((s) => toDbTime(runAt(s)))],
  );
  expect(moved.rowCount).toBe(sessions.length);
}

/** Makes every pending recovery e-mail of the sessions due now (steps are 45 min, 24 h and 72 h after abandonment). */
async function makeSendsDue(sessions: Captured[], steps = [1, 2, 3]): Promise<void> {
  const moved = await db.query(
    `update jobs set run_at = $1 where group_name = any($2) and hook = 'cartrecovery.send_step' and status = 'pending'
       and (args::json->>'step')::int = any($3)`,
    [toDbTime(new Date()), sessions.map((s) => `cartrecovery.send.${s.id}`), steps],
  );
  expect(moved.rowCount).toBe(sessions.length * steps.length);
}

/** Statuses of the sessions, by id. */
async function statusesOf(sessions: Captured[]): Promise<string[]> {
  const found = await rows<{ id: number; status: string }>(
    'select id, status from cr_sessions where id = any($1)',
    [sessions.map((s) => s.id)],
  );
  const byId = new Map(found.map((r) => [r.id, r.status]));
  return sessions.map((s) => byId.get(s.id) ?? 'missing');
}

/** How many events of `type` each session has, in the sessions' order. */
async function eventCounts(sessions: Captured[], type: string): Promise<number[]> {
  const found = await rows<{ session_id: number; n: string }>(
    'select session_id, count(*) as n from cr_events where session_id = any($1) and type = $2 group by session_id',
    [sessions.map((s) => s.id), type],
  );
  const byId = new Map(found.map((r) => [r.session_id, Number(r.n)]));
  return sessions.map((s) => byId.get(s.id) ?? 0);
}

beforeAll(async () => {
  licenses = new FakeLicenseServer();
  cluster = await startCluster(2, { LICENSE_SERVER_URL: await licenses.start() });
  admin = await login(cluster.url, 'admin', cluster.adminPassword);
  db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 3 });
}, 120_000);
afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  await licenses?.stop();
}, 60_000);

describe('two instances behind a round-robin proxy', () => {
  it('should accept a session made on one instance on the other', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const session = await login(a, 'admin', cluster.adminPassword);
    for (const base of [b, a, cluster.url, cluster.url]) {
      const me = await call(base, 'GET', '/wp/v2/users/me', session.headers);
      expect(me.status).toBe(200);
      expect(me.json().slug).toBe('admin');
    }
  });

  it('should refuse a demoted shop manager on the other instance on the next request', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const manager = await createUser('shop_manager');
    const session = await login(b, manager.username, manager.password);
    expect((await call(b, 'GET', '/wc/v3/products', session.headers)).status).toBe(200);
    const demoted = await call(a, 'POST', `/wp/v2/users/${manager.id}`, admin.headers, {
      roles: ['customer'],
    });
    expect(demoted.status).toBe(200);
    expect((await call(b, 'GET', '/wc/v3/products', session.headers)).status).toBe(403);
  });

  it('should stop an application password revoked on one instance on the other at the next request', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const created = await call(a, 'POST', '/wp/v2/users/me/application-passwords', admin.headers, {
      name: 'cluster script',
    });
    expect(created.status).toBe(201);
    const { uuid, password } = created.json() as { uuid: string; password: string };
    const basic = { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` };
    for (let i = 0; i < 3; i++) expect((await call(b, 'GET', '/wp/v2/users/me', basic)).status).toBe(200);
    const revoked = await call(a, 'DELETE', `/wp/v2/users/me/application-passwords/${uuid}`, admin.headers);
    expect(revoked.status).toBe(200);
    expect((await call(b, 'GET', '/wp/v2/users/me', basic)).status).toBe(401);
  });

  it('should serve a file uploaded through one instance from the other, until deleted on either', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const uploaded = await fetch(`${a}/wp-json/wp/v2/media`, {
      method: 'POST',
      headers: {
        ...admin.headers,
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename=cluster.png',
      },
      body: png,
    });
    expect(uploaded.status).toBe(201);
    const media = (await uploaded.json()) as {
      id: number;
      media_details: { sizes: Record<string, { source_url: string }> };
    };
    const paths = Object.values(media.media_details.sizes).map((s) => new URL(s.source_url).pathname);
    for (const path of paths) expect((await fetch(`${b}${path}`)).status).toBe(200);
    const deleted = await call(b, 'DELETE', `/wp/v2/media/${media.id}?force=true`, admin.headers);
    expect(deleted.status).toBe(200);
    for (const path of paths) expect((await fetch(`${a}${path}`)).status).toBe(404);
  });

  it('should apply cart-recovery settings saved on one instance on the other at the next request', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const read = async (base: string) =>
      (await call(base, 'GET', '/cartrecovery/v1/settings', admin.headers)).json().test_mode as boolean;
    expect(await read(b)).toBe(false);
    const saved = await call(a, 'POST', '/cartrecovery/v1/settings', admin.headers, { test_mode: true });
    expect(saved.status).toBe(200);
    expect(await read(b)).toBe(true);
  });

  it('should read loyalty settings saved on one instance on the other at the next request', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const read = async (base: string) =>
      (await call(base, 'GET', '/loyalty/v1/settings', admin.headers)).json()
        .earning_pointsPerDollar as number;
    expect([await read(b), await read(b)]).toEqual([1, 1]);
    const saved = await call(a, 'POST', '/loyalty/v1/settings', admin.headers, {
      earning_pointsPerDollar: 3,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await read(b)).toBe(3);
  });

  it('should show a license deactivated on one instance as inactive on the other at the next request', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const statusOn = async (base: string) =>
      (await call(base, 'GET', '/cartrecovery/v1/license/status', admin.headers)).json().license
        .status as string;
    licenses.addLicense({ key: `CLUSTER-${run}`, slug: 'cartrecovery-pro' });
    const activated = await call(b, 'POST', '/cartrecovery/v1/license/activate', admin.headers, {
      license_key: `CLUSTER-${run}`,
    });
    expect(activated.status, activated.text).toBe(200);
    expect([await statusOn(a), await statusOn(a)]).toEqual(['active', 'active']);
    const deactivated = await call(b, 'POST', '/cartrecovery/v1/license/deactivate', admin.headers);
    expect(deactivated.status).toBe(200);
    expect(await statusOn(a)).not.toBe('active');
  });

  it('should show product-table onboarding done on one instance on the other at the next request', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const onboarded = async (base: string) =>
      (await call(base, 'GET', '/producttables/v1/system/status', admin.headers)).json()
        .onboarding_completed as boolean;
    expect([await onboarded(b), await onboarded(b)]).toEqual([false, false]);
    const done = await call(a, 'POST', '/producttables/v1/system/onboard', admin.headers);
    expect(done.status, done.text).toBe(200);
    expect(await onboarded(b)).toBe(true);
  });

  it('should count a capture made on one instance in the analytics of the other at the next request', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const tracked = async (base: string) =>
      (await call(base, 'GET', '/cartrecovery/v1/analytics?days=7', admin.headers)).json().tracked as number;
    const before = await tracked(b);
    expect(await tracked(b)).toBe(before);
    const [captured] = await captureSessions(1, a);
    expect(captured).toBeDefined();
    expect(await tracked(b)).toBe(before + 1);
  });

  it('should answer 404 for a table unpublished on one instance, render and page, on both at the next request', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const product = await call(a, 'POST', '/wc/v3/products', admin.headers, {
      name: `Cluster kettle ${run}`,
      regular_price: '12.00',
      status: 'publish',
    });
    expect(product.status).toBe(201);
    const created = await call(a, 'POST', '/producttables/v1/tables', admin.headers, {
      data: {
        title: `Cluster table ${run}`,
        status: 'publish',
        columns: [{ id: 'name', type: 'name', heading: 'Name' }],
      },
    });
    expect(created.status).toBe(201);
    const id = created.json().id as number;
    const statusOf = async (url: string) => {
      const response = await fetch(url);
      await response.arrayBuffer();
      return response.status;
    };
    const answers = (base: string) =>
      Promise.all([
        statusOf(`${base}/wp-json/producttables/v1/render/${id}`),
        statusOf(`${base}/product-table/${id}`),
      ]);
    // Both instances render it (and keep the rendering) before the change.
    for (let i = 0; i < 3; i++) for (const base of [a, b]) expect(await answers(base)).toEqual([200, 200]);
    const unpublished = await call(b, 'POST', '/producttables/v1/tables', admin.headers, {
      data: { id, status: 'draft' },
    });
    expect(unpublished.status).toBe(200);
    expect([...(await answers(a)), ...(await answers(b))]).toEqual([404, 404, 404, 404]);
  });

  it('should keep an exact ledger when both instances credit the same customer at once', async () => {
    const customer = await createUser('customer');
    const amounts = Array.from({ length: 40 }, (_, i) => 1 + (i % 7));
    const answers = await Promise.all(
      amounts.map((amount) =>
        call(cluster.url, 'POST', '/loyalty/v1/user-points', admin.headers, {
          user_id: customer.id,
          amount,
          type: 'credit',
          reason: 'cluster',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(amounts.map(() => 200));
    const total = amounts.reduce((sum, amount) => sum + amount, 0);
    expect(Math.max(...answers.map((answer) => answer.json().new_balance as number))).toBe(total);
    for (const instance of cluster.instances) {
      const page = await call(
        instance.url,
        'GET',
        `/loyalty/v1/ledger?user_id=${customer.id}&per_page=100`,
        admin.headers,
      );
      expect(page.headers.get('x-wp-total')).toBe(String(amounts.length));
      const sum = (page.json() as Array<{ amount: number | string }>).reduce(
        (s, row) => s + Number(row.amount),
        0,
      );
      expect(sum).toBe(total);
    }
  });

  it('should share the login throttle between the instances', async () => {
    const target = await createUser('customer');
    const failures = [];
    for (let i = 0; i < 5; i++)
      failures.push(
        (
          await call(
            cluster.url,
            'POST',
            '/auth/v1/login',
            {},
            { username: target.username, password: 'wrong' },
          )
        ).status,
      );
    expect(failures).toEqual([401, 401, 401, 401, 401]);
    for (const instance of cluster.instances) {
      const locked = await call(
        instance.url,
        'POST',
        '/auth/v1/login',
        {},
        {
          username: target.username,
          password: target.password,
        },
      );
      expect(locked.status).toBe(429);
    }
  });

  it('should share the cart-recovery capture limit between the instances', async () => {
    const limit = (await call(cluster.url, 'GET', '/cartrecovery/v1/settings', admin.headers)).json()
      .capture_rate_limit as number;
    const answers = [];
    for (let i = 0; i < limit; i++)
      answers.push((await call(cluster.url, 'POST', '/cartrecovery/v1/capture', {}, { junk: true })).status);
    expect(answers).toEqual(answers.map(() => 400));
    for (const instance of cluster.instances) {
      const limited = await call(instance.url, 'POST', '/cartrecovery/v1/capture', {}, { junk: true });
      expect(limited.status).toBe(429);
    }
  });

  it('should run each abandonment check and each recovery e-mail exactly once with both instances working', async () => {
    // 30 checks, then 90 sends, due at once: more than one claim's batch (25 jobs), and each instance polls every
    // second, so the second instance claims its share before the first polls again: both workers run them.
    const sessions = await captureSessions(30);
    await makeIdle(sessions);
    await makeChecksDue(sessions);
    await within(15_000, async () => (await statusesOf(sessions)).every((s) => s === 'abandoned'), 50);
    expect(await eventCounts(sessions, 'abandoned')).toEqual(sessions.map(() => 1));
    const checks = await rows<{ status: string; attempts: number }>(
      `select status, attempts from jobs where hook = 'cartrecovery.detect_session_abandonment' and group_name = any($1)`,
      [sessions.map((s) => `cartrecovery.detect.${s.id}`)],
    );
    expect(checks).toEqual(sessions.map(() => ({ status: 'complete', attempts: 1 })));

    await makeSendsDue(sessions);
    const sent = async () =>
      (
        await rows(`select 1 from cr_notifications where session_id = any($1) and status = 'sent'`, [
          sessions.map((s) => s.id),
        ])
      ).length;
    await within(20_000, async () => (await sent()) === sessions.length * 3, 50);
    // Exactly one message per session and step in the outbox, each from one attempt of one job.
    const mails = await rows<{ to_address: string; tag: string; n: string }>(
      `select to_address, tag, count(*) as n from mail_outbox where to_address = any($1)
         group by to_address, tag order by to_address, tag`,
      [sessions.map((s) => s.email)],
    );
    expect(mails).toEqual(
      sessions
        .map((s) => s.email)
        .sort()
        .flatMap((to) =>
          [1, 2, 3].map((step) => ({ to_address: to, tag: `cart-recovery:step${step}`, n: '1' })),
        ),
    );
    const notifications = await rows<{ status: string; attempts: number }>(
      'select status, attempts from cr_notifications where session_id = any($1)',
      [sessions.map((s) => s.id)],
    );
    expect(notifications).toEqual(
      sessions.flatMap(() => [1, 2, 3].map(() => ({ status: 'sent', attempts: 1 }))),
    );
    const sends = await rows<{ status: string; attempts: number }>(
      `select status, attempts from jobs where hook = 'cartrecovery.send_step' and group_name = any($1)`,
      [sessions.map((s) => `cartrecovery.send.${s.id}`)],
    );
    expect(sends).toEqual(sessions.flatMap(() => [1, 2, 3].map(() => ({ status: 'complete', attempts: 1 }))));
    expect(await eventCounts(sessions, 'email_sent')).toEqual(sessions.map(() => 3));
  }, 60_000);

  it('should restore the cart of a recovery e-mail link opened on either instance', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const [session] = await captureSessions(1);
    await makeIdle([session!]);
    await makeChecksDue([session!]);
    await within(10_000, async () => (await statusesOf([session!]))[0] === 'abandoned', 50);
    await makeSendsDue([session!], [1]);
    let text = '';
    await within(
      10_000,
      async () => {
        const [mail] = await rows<{ text_body: string }>(
          'select text_body from mail_outbox where to_address = $1',
          [session!.email],
        );
        text = mail?.text_body ?? '';
        return mail !== undefined;
      },
      50,
    );
    // The link names the public address (the proxy); each instance is given its path and query.
    const token = new RegExp(`${cluster.url}/\\?cartrecovery_restore=([A-Za-z0-9]+)`).exec(text)?.[1];
    expect(token).toBeDefined();
    const open = (base: string, address: string, cookie?: string) =>
      fetch(`${base}/?cartrecovery_restore=${token}`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
      });
    const cartOf = async (base: string, cookie: string) =>
      (await call(base, 'GET', '/wc/store/v1/cart', { cookie }))
        .json()
        .items.map((item: { id: number; quantity: number }) => [item.id, item.quantity]);
    for (const [first, second, address] of [
      [a, b, '10.18.0.1'],
      [b, a, '10.18.0.2'],
    ] as const) {
      // A fresh browser opens the link on one instance; the other serves the rebuilt cart and its reload.
      const restored = await open(first, address);
      expect(restored.status).toBe(302);
      expect(restored.headers.get('location')).toBe(`${cluster.url}/checkout?cartrecovery_restored=1`);
      const cookie = restored.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      expect(cookie).toContain('storeside_cart=');
      expect(await cartOf(second, cookie)).toEqual([[recoveryProduct, session!.quantity]]);
      const reload = await open(second, address, cookie);
      expect(reload.status).toBe(302);
      expect(reload.headers.get('location')).toBe(`${cluster.url}/checkout?cartrecovery_restored=1`);
      expect(await cartOf(first, cookie)).toEqual([[recoveryProduct, session!.quantity]]);
    }
    // One click per browser, none for the reloads, whichever instance answered.
    expect(await eventCounts([session!], 'restore_clicked')).toEqual([2]);
    expect(await eventCounts([session!], 'cart_restored')).toEqual([2]);
    const restores = await rows('select 1 from cr_restores where session_id = $1', [session!.id]);
    expect(restores).toHaveLength(2);
  }, 30_000);

  it('should run the jobs a killed instance had claimed on the surviving instance once the claim is stale', async () => {
    const [survivor, doomed] = cluster.instances as [Instance, Instance];
    const sessions = await captureSessions(4);
    const [blocked, ...waiting] = sessions as [Captured, ...Captured[]];
    const checksOf = (of: Captured[]) =>
      rows<{
        group_name: string;
        status: string;
        attempts: number;
        claimed_by: string | null;
        last_error: string | null;
      }>(
        `select group_name, status, attempts, claimed_by, last_error from jobs
           where hook = 'cartrecovery.detect_session_abandonment' and group_name = any($1) order by id`,
        [of.map((s) => `cartrecovery.detect.${s.id}`)],
      );
    await makeIdle(sessions);
    try {
      // The test holds the first session's row, so the check that abandons it waits inside its handler.
      const lock = await db.connect();
      try {
        await lock.query('begin');
        await lock.query('select id from cr_sessions where id = $1 for update', [blocked.id]);
        // The survivor is paused while the four checks fall due: the doomed instance claims them in one batch.
        survivor.process.kill('SIGSTOP');
        try {
          const now = Date.now();
          await makeChecksDue(sessions, (s) => new Date(now - (s === blocked ? 2000 : 1000)));
          await within(
            5_000,
            async () =>
              (await checksOf(sessions)).every((j) => j.status === 'running') &&
              (
                await rows(
                  `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
                )
              ).length === 1,
            20,
          );
          const claimed = await checksOf(sessions);
          expect(new Set(claimed.map((j) => j.claimed_by)).size).toBe(1);
          // Only the first has started (its attempt counts); the other three wait their turn in the batch.
          expect(claimed.map((j) => j.attempts)).toEqual([1, 0, 0, 0]);
          const exited = new Promise((resolve) => doomed.process.once('exit', resolve));
          doomed.process.kill('SIGKILL');
          await exited;
        } finally {
          survivor.process.kill('SIGCONT');
        }
      } finally {
        await lock.query('rollback');
        lock.release();
      }
      // The survivor takes the claim back once it is stale and runs the three checks that never started, once each.
      // Each job is released after its handler's transaction: wait for both.
      await within(
        (cluster.jobStaleSeconds + 6) * 1000,
        async () =>
          (await statusesOf(waiting)).every((s) => s === 'abandoned') &&
          (await checksOf(sessions)).slice(1).every((j) => j.status !== 'running'),
        50,
      );
      expect(await eventCounts(waiting, 'abandoned')).toEqual(waiting.map(() => 1));
      const [started, ...recovered] = await checksOf(sessions);
      expect(recovered).toEqual(
        waiting.map(() =>
          expect.objectContaining({
            status: 'complete',
            attempts: 1,
            last_error: expect.stringContaining('Claim timed out'),
          }),
        ),
      );
      // The check that was running on the killed instance is failed, never run twice (Action Scheduler's rule);
      // its transaction died with the instance, and the five-minute sweep (made due now) abandons the session.
      expect(started).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: expect.stringContaining('Claim timed out'),
      });
      expect(await statusesOf([blocked])).toEqual(['captured']);
      await db.query(
        `update jobs set run_at = $1 where hook = 'cartrecovery.detect_abandonment' and status = 'pending'`,
        [toDbTime(new Date())],
      );
      await within(5_000, async () => (await statusesOf([blocked]))[0] === 'abandoned', 50);
      expect(await eventCounts([blocked], 'abandoned')).toEqual([1]);
    } finally {
      // An orchestrator starts the killed instance again (the last test needs both).
      if (doomed.process.exitCode === null && doomed.process.signalCode === null) {
        const exited = new Promise((resolve) => doomed.process.once('exit', resolve));
        doomed.process.kill('SIGKILL');
        await exited;
      }
      await cluster.restart(1);
    }
  }, 60_000);

  it('should lose no acknowledged write when an instance is killed with SIGKILL during writes', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const customer = await createUser('customer');
    const acknowledged: number[] = [];
    const writing = (async () => {
      for (let i = 0; i < 400; i++) {
        const answer = await call(b, 'POST', '/loyalty/v1/user-points', admin.headers, {
          user_id: customer.id,
          amount: 1,
          type: 'credit',
          reason: `write ${i}`,
        }).catch(() => null);
        if (!answer) return;
        if (answer.status === 200) acknowledged.push(i);
      }
    })();
    await within(10_000, async () => acknowledged.length >= 20);
    cluster.instances[1]!.process.kill('SIGKILL');
    await writing;
    const page = await call(a, 'GET', `/loyalty/v1/ledger?user_id=${customer.id}&per_page=1`, admin.headers);
    // Every acknowledged credit is there; at most the one in flight at the kill was written unacknowledged.
    const stored = Number(page.headers.get('x-wp-total'));
    expect(stored).toBeGreaterThanOrEqual(acknowledged.length);
    expect(stored).toBeLessThanOrEqual(acknowledged.length + 1);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
  }, 30_000);
});
