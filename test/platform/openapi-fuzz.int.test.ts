import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLicenseServer } from '../../src/fakes/license-server.fake.js';
import { FakeYouTube } from '../../src/fakes/youtube.fake.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  type FuzzRequest,
  type Operation,
  operationsOf,
  requestArbitrary,
  ruleBroken,
  send,
} from './support/openapi-fuzz.js';

// Walks every operation of /wp-json/openapi.json with hostile requests over a listening server (the replay
// lane in front of Fastify included). Seeded: FUZZ_SEED=<n> replays a run, FUZZ_RUNS=<n> sets the requests per
// operation, FUZZ_SECONDS bounds the whole walk.
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 6);
const walkSeconds = Number(process.env.FUZZ_SECONDS ?? 150);

// Tables a refused request may still write, as records of the attempt rather than its subject: authentication
// bookkeeping, the agent audit log (the cart-recovery contract logs every agent call, allowed or refused) and the
// video library's sync state (a sync the platform refuses is recorded as the last run's outcome); and the cache
// layer's own rows, which change in the background (instance leases renewed every second, version rows compacted
// with their sums unchanged): a refused write that changed data shows in the data's own table.
const BOOKKEEPING_TABLES = new Set([
  'application_passwords',
  'sessions',
  'cr_agent_audit',
  'videos_sync_state',
  'data_version_bumps',
  'data_version_instances',
]);
// Operations whose refusal comes from an outside service and is recorded as such: a license the license server
// refuses gets the status the server named (the original plugin keeps it too).
const RECORDED_REFUSALS: Record<string, string[]> = {
  'POST /wp-json/videos-pro/v1/license/activate': ['options', 'videos_logs'],
};

let t: TestApp;
let port: number;
let operations: Operation[];
let callers: Array<Record<string, string>>;
let tables: string[];
const prototypeKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();

const youtube = new FakeYouTube();
const licenses = new FakeLicenseServer();

beforeAll(async () => {
  // Outside services are the project's fakes (speaking their real protocols), as in the demo: the walk tests
  // Storeside's answers, not an unreachable network.
  const urls = await youtube.start();
  t = await createTestApp({
    env: {
      VIDEOS_API_BASE_URL: urls.apiBaseUrl,
      VIDEOS_OAUTH_PROXY_URL: urls.oauthProxyUrl,
      LICENSE_SERVER_URL: await licenses.start(),
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  // This file's own tables, listed once (other files' schemas come and go beside it on PostgreSQL).
  const { rows } = await (t.ctx.engine === 'postgres'
    ? sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`
    : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
  ).execute(t.ctx.db);
  tables = rows.map((row) => row.name).sort();
  // Operations that can end the fuzzer's own session or delete its user go last, so the rest run signed in.
  const endsSession = (op: Operation) =>
    /logout|\/users\/\{id\}|\/customers\/(\{id\}|batch)/.test(op.path) && op.method !== 'GET';
  const all = operationsOf((await t.app.inject({ method: 'GET', url: '/wp-json/openapi.json' })).json());
  operations = [...all.filter((op) => !endsSession(op)), ...all.filter(endsSession)];
  const admin = await t.createUser({ role: 'administrator' });
  const session = await t.login(admin);
  callers = [{}, session.headers, await t.appPasswordHeader(admin), { cookie: session.cookie }];
});
afterAll(async () => {
  await t?.close();
  await youtube.stop();
  await licenses.stop();
});

/** A digest of each table's rows, but the bookkeeping ones. */
async function databaseDigest(): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const name of tables) {
    if (BOOKKEEPING_TABLES.has(name)) continue;
    const rows = await t.ctx.db
      .selectFrom(name as never)
      .selectAll()
      .execute();
    const text = JSON.stringify(rows.map((row) => JSON.stringify(row)).sort());
    digests.set(name, createHash('sha256').update(text).digest('hex'));
  }
  return digests;
}

/** Names of the tables whose digest differs. */
function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (name) => before.get(name) !== after.get(name),
  );
}

function describeRequest(req: FuzzRequest): string {
  return `${req.method} ${req.path.slice(0, 300)} ${JSON.stringify(req.headers)} ${req.body?.slice(0, 300) ?? ''}`;
}

describe('OpenAPI fuzz: hostile input never breaks a route', () => {
  it('should answer every hostile request with a 2xx/3xx or a WordPress-shaped 4xx that wrote nothing', async () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(tables).toEqual(expect.arrayContaining(['users', 'options', 'shop_products', 'loyalty_ledger']));
    const deadline = Date.now() + walkSeconds * 1000;
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      if (Date.now() > deadline) break;
      const property = fc.asyncProperty(requestArbitrary(op, callers), async (req) => {
        const before = await databaseDigest();
        const answer = await send(port, req).catch((error: Error) => {
          throw new Error(`${describeRequest(req)}\n→ ${error.message}`);
        });
        sent++;
        const broken = ruleBroken(answer);
        if (broken) throw new Error(`${describeRequest(req)}\n→ ${broken}`);
        const recorded = RECORDED_REFUSALS[`${op.method} ${op.path}`] ?? [];
        const changed = answer.status >= 400 ? changedTables(before, await databaseDigest()) : [];
        if (changed.every((table) => recorded.includes(table))) changed.length = 0;
        if (changed.length > 0)
          throw new Error(`${describeRequest(req)}\n→ a ${answer.status} that changed ${changed.join(', ')}`);
      });
      // No shrinking: a hanging request would be retried for every shrink step; the first failure is reported.
      const result = await fc.check(property, {
        seed: seed + index,
        numRuns: runsPerOperation,
        endOnFailure: true,
      });
      if (result.failed) {
        throw new Error(
          `FUZZ_SEED=${seed} (operation ${op.method} ${op.path}, fast-check seed ${seed + index}, path ${result.counterexamplePath}): ${String(result.errorInstance)}`,
        );
      }
    }
    expect(sent).toBeGreaterThan(operations.length);
  }, 240_000);

  it('should leave Object.prototype untouched and the server answering every route for the first time', async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeysBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await send(port, { method: 'GET', path: '/healthz', headers: {} })).status).toBe(200);
    const products = await send(port, { method: 'GET', path: '/wp-json/wc/store/v1/products', headers: {} });
    expect(products.status).toBe(200);
  });
});
