import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from './support/cluster.js';

// Two `storeside serve` processes on one PostgreSQL and one Redis behind a round-robin proxy, used as an operator
// and their clients would: whatever one instance changes, the other answers accordingly within 100 ms.
let cluster: Cluster;
let admin: Session;

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

/** Repeats `probe` every 5 ms until it returns true; returns the milliseconds it took (fails after `ms`). */
async function within(ms: number, probe: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
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

beforeAll(async () => {
  cluster = await startCluster(2);
  admin = await login(cluster.url, 'admin', cluster.adminPassword);
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
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

  it('should refuse a demoted shop manager on the other instance within 100 ms', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const manager = await createUser('shop_manager');
    const session = await login(b, manager.username, manager.password);
    expect((await call(b, 'GET', '/wc/v3/products', session.headers)).status).toBe(200);
    const demoted = await call(a, 'POST', `/wp/v2/users/${manager.id}`, admin.headers, {
      roles: ['customer'],
    });
    expect(demoted.status).toBe(200);
    await within(100, async () => (await call(b, 'GET', '/wc/v3/products', session.headers)).status === 403);
  });

  it('should stop an application password revoked on one instance on the other within 100 ms', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const created = await call(a, 'POST', '/wp/v2/users/me/application-passwords', admin.headers, {
      name: 'cluster script',
    });
    expect(created.status).toBe(201);
    const { uuid, password } = created.json() as { uuid: string; password: string };
    const basic = { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` };
    expect((await call(b, 'GET', '/wp/v2/users/me', basic)).status).toBe(200);
    const revoked = await call(a, 'DELETE', `/wp/v2/users/me/application-passwords/${uuid}`, admin.headers);
    expect(revoked.status).toBe(200);
    await within(100, async () => (await call(b, 'GET', '/wp/v2/users/me', basic)).status === 401);
  });

  it('should apply cart-recovery settings saved on one instance on the other within 100 ms', async () => {
    const [a, b] = cluster.instances.map((i) => i.url) as [string, string];
    const read = async (base: string) =>
      (await call(base, 'GET', '/cartrecovery/v1/settings', admin.headers)).json().test_mode as boolean;
    expect(await read(b)).toBe(false);
    const saved = await call(a, 'POST', '/cartrecovery/v1/settings', admin.headers, { test_mode: true });
    expect(saved.status).toBe(200);
    await within(100, () => read(b));
  });

  it('should answer 404 for a table unpublished on one instance, render and page, on both within 100 ms', async () => {
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
    await within(100, async () =>
      (await Promise.all([answers(a), answers(b)])).flat().every((status) => status === 404),
    );
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
