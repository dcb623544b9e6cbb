// `npm run bench:checkout`: shoppers on the built server (`bin/storeside.js serve`, a fresh SQLite data dir, or
// PostgreSQL with DATABASE_URL), each looping new cart → add-item → checkout (cash on delivery, one of 50 products),
// for BENCH_DURATION seconds (10) after BENCH_WARMUP (2), with BENCH_SHOPPERS (16) at once. Reports orders/s, the
// p50/p95 of add-item and of checkout, the server's CPU per order, and the ratio of orders/s to the flows/s the same
// shoppers get from a raw node:http server (three requests per flow) measured in the same run; writes
// bench/results/checkout-flow.json (bench/results/postgres/ with DATABASE_URL). Floors: checkout p95
// ≤ 100 ms, add-item p95 ≤ 50 ms.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { cpuMicros, freePort, killedOnExit, serverEnvironment, waitReady } from './processes.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 16);
const PRODUCTS = 50;
const FLOORS = { checkoutP95Ms: 100, addItemP95Ms: 50 };
const admin = { username: 'bench-admin', password: 'bench-admin-password' };

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Round {
  flows: number;
  failures: number;
  addItemMs: number[];
  checkoutMs: number[];
}

const dataDir = mkdtempSync(join(tmpdir(), 'storeside-checkout-bench-'));
const env = serverEnvironment(dataDir);
const children = killedOnExit();
const agent = new http.Agent({ keepAlive: true, maxSockets: shoppers });

try {
  const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
  console.log(
    `node ${process.version}, ${cpus().length} CPU(s), ${shoppers} shoppers × ${duration}s (${engine})`,
  );
  const ceiling = await startCeiling();
  await promisify(execFile)(
    process.execPath,
    [
      join(root, 'bin', 'storeside.js'),
      'user',
      'create',
      admin.username,
      `${admin.username}@bench.invalid`,
      '--role=administrator',
      `--password=${admin.password}`,
    ],
    { env },
  ).catch(() => {}); // already there (an earlier run on the same PostgreSQL database)
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'bin', 'storeside.js'), 'serve'], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(server);
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/readyz`);
  const products = await seedProducts(base);

  await runShoppers(() => rawFlow(ceiling.url), warmup);
  const ceilingRound = await runShoppers(() => rawFlow(ceiling.url), duration);
  await runShoppers(() => shopperFlow(base, products), warmup);
  const cpuBefore = cpuMicros(server.pid);
  const round = await runShoppers(() => shopperFlow(base, products), duration);
  const cpuAfter = cpuMicros(server.pid);

  const ordersPerSecond = round.flows / duration;
  const ceilingFlowsPerSecond = ceilingRound.flows / duration;
  const row = {
    name: 'checkout-flow',
    description: `${shoppers} shoppers looping new cart → add-item → checkout (cod), ${PRODUCTS} products`,
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    engine,
    shoppers,
    durationSeconds: duration,
    ordersPerSecond: Math.round(ordersPerSecond),
    checkoutP50Ms: percentile(round.checkoutMs, 0.5),
    checkoutP95Ms: percentile(round.checkoutMs, 0.95),
    addItemP50Ms: percentile(round.addItemMs, 0.5),
    addItemP95Ms: percentile(round.addItemMs, 0.95),
    cpuMicrosPerOrder:
      cpuBefore === null || cpuAfter === null || round.flows === 0
        ? null
        : Math.round((cpuAfter - cpuBefore) / round.flows),
    failures: round.failures,
    ceilingFlowsPerSecond: Math.round(ceilingFlowsPerSecond),
    ratio: Math.round((ordersPerSecond / ceilingFlowsPerSecond) * 1000) / 1000,
    floors: FLOORS,
    meetsFloors: false,
  };
  row.meetsFloors =
    row.failures === 0 &&
    row.checkoutP95Ms <= FLOORS.checkoutP95Ms &&
    row.addItemP95Ms <= FLOORS.addItemP95Ms;
  server.kill('SIGTERM');
  const resultsDir = join(root, 'bench', 'results', ...(engine === 'postgres' ? ['postgres'] : []));
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'checkout-flow.json'), `${JSON.stringify(row, null, 2)}\n`);
  console.log(row);
  process.exitCode = row.meetsFloors ? 0 : 1;
} finally {
  agent.destroy();
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

/** Runs `shoppers` loops of `flow` for `seconds`; each flow reports its step timings. */
async function runShoppers(
  flow: () => Promise<{ addItemMs: number; checkoutMs: number }>,
  seconds: number,
): Promise<Round> {
  const round: Round = { flows: 0, failures: 0, addItemMs: [], checkoutMs: [] };
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (performance.now() < until) {
        try {
          const timing = await flow();
          round.flows++;
          round.addItemMs.push(timing.addItemMs);
          round.checkoutMs.push(timing.checkoutMs);
        } catch (error) {
          if (round.failures++ === 0) console.error(String(error));
        }
      }
    }),
  );
  return round;
}

/** One shopper's order: a new cart (its Cart-Token), one product added, checkout with cash on delivery. */
async function shopperFlow(base: string, products: number[]) {
  const cart = await request(base, 'GET', '/wp-json/wc/store/v1/cart');
  const token = String(cart.headers['cart-token']);
  const id = products[Math.floor(Math.random() * products.length)]!;
  let started = performance.now();
  const added = await request(base, 'POST', '/wp-json/wc/store/v1/cart/add-item', { id, quantity: 1 }, token);
  const addItemMs = performance.now() - started;
  if (added.status !== 201) throw new Error(`add-item ${added.status} ${added.body}`);
  started = performance.now();
  const placed = await request(
    base,
    'POST',
    '/wp-json/wc/store/v1/checkout',
    {
      billing_address: { email: 'shopper@bench.invalid', first_name: 'Bench', last_name: 'Shopper' },
      payment_method: 'cod',
    },
    token,
  );
  const checkoutMs = performance.now() - started;
  if (placed.status !== 200) throw new Error(`checkout ${placed.status} ${placed.body}`);
  return { addItemMs, checkoutMs };
}

/** The same three requests against the raw node:http server. */
async function rawFlow(base: string) {
  await request(base, 'GET', '/');
  let started = performance.now();
  await request(base, 'POST', '/', { id: 1, quantity: 1 });
  const addItemMs = performance.now() - started;
  started = performance.now();
  await request(base, 'POST', '/', { payment_method: 'cod' });
  return { addItemMs, checkoutMs: performance.now() - started };
}

/** 50 published products with managed stock that cannot run out during a run, created as the administrator. */
async function seedProducts(base: string): Promise<number[]> {
  const login = await request(base, 'POST', '/wp-json/auth/v1/login', admin);
  if (login.status !== 200) throw new Error(`login ${login.status} ${login.body}`);
  const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const headers = { cookie, 'x-wp-nonce': (JSON.parse(login.body) as { nonce: string }).nonce };
  const run = Date.now().toString(36);
  const ids: number[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const created = await request(
      base,
      'POST',
      '/wp-json/wc/v3/products',
      {
        name: `Checkout Bench ${run} ${i + 1}`,
        regular_price: `${5 + i}.99`,
        manage_stock: true,
        stock_quantity: 10_000_000,
      },
      undefined,
      headers,
    );
    if (created.status !== 201) throw new Error(`product ${created.status} ${created.body}`);
    ids.push((JSON.parse(created.body) as { id: number }).id);
  }
  return ids;
}

function request(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  cartToken?: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(cartToken ? { 'cart-token': cartToken } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10;
}

/** The raw node:http hello-world server (its own process), answering every request alike. */
async function startCeiling(): Promise<{ url: string }> {
  const port = await freePort();
  const ceiling = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => { s.setHeader('content-type', 'application/json; charset=utf-8'); s.end('{"hello":"world"}'); }); }).listen(${port}, '127.0.0.1', () => console.log('up'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(ceiling);
  await new Promise((resolve) => ceiling.stdout!.once('data', resolve));
  return { url: `http://127.0.0.1:${port}` };
}
