// Benchmark harness: `npm run bench [-- <scenario names>]`. Starts the built server and a raw node:http
// ceiling, runs autocannon against each scenario in bench/scenarios, prints a table and writes bench/results.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import type { BenchContext, BenchRequest, BenchScenario, BenchSession } from './scenario.js';
import { cpuMicros, freePort, killedOnExit, serverEnvironment, waitReady } from './processes.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 4);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
// Ceiling and scenario are measured alternately, `rounds` times each, so load from elsewhere on the
// machine hits both alike; the ratio is the sum of scenario requests over the sum of ceiling requests.
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
// autocannon appends every response body to a string (`req.body += chunk`) to offer body checks this harness
// never makes. On a binary (compressed) body that UTF-8 decoding costs the load generator more than the server's
// whole answer: a raw node:http server sending a small gzip body served several times fewer requests that way,
// while the ceiling's 17-byte body is unaffected. So bodies are only counted (autocannon counts their bytes
// anyway); BENCH_KEEP_BODIES=1 measures with autocannon's default.
if (process.env.BENCH_KEEP_BODIES !== '1') {
  const requests = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
  requests.prototype.addBody = () => {};
}
const admin = {
  username: process.env.BENCH_ADMIN_USER ?? 'bench-admin',
  password: process.env.BENCH_ADMIN_PASSWORD ?? 'bench-admin-password',
};

interface Measured {
  requestsPerSecond: number;
  /** CPU time (user + system) the target process spent per request, in µs; null where /proc is missing. */
  cpuMicrosPerRequest: number | null;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

const selected = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const scenarios = await discoverScenarios(selected);
if (scenarios.length === 0) {
  console.error(`No scenario matches ${selected.join(', ')} (bench/scenarios/<name>.bench.ts).`);
  process.exit(2);
}

// PostgreSQL runs keep their own results next to SQLite's.
const resultsDir = join(root, 'bench', 'results', ...(process.env.DATABASE_URL ? ['postgres'] : []));
const givenDataDir = process.env.BENCH_DATA_DIR;
const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'storeside-bench-'));
const serverEnv = serverEnvironment(dataDir);
const children = killedOnExit();

try {
  console.log(
    `node ${process.version}, ${cpus().length} CPU(s), ${rounds} × ${duration}s per target, data dir ${dataDir}${
      process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (SQLite)'
    }`,
  );
  const { url: ceilingUrl, pid: ceilingPid } = await startCeiling();

  await runCli([
    'user',
    'create',
    admin.username,
    `${admin.username}@bench.invalid`,
    '--role=administrator',
    `--password=${admin.password}`,
  ]).catch(
    () => {}, // already there from an earlier run on this data dir
  );
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'bin', 'storeside.js'), 'serve'], {
    env: { ...serverEnv, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(server);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitReady(`${baseUrl}/readyz`, server);
  const ctx = benchContext(baseUrl);

  const rows: Array<Record<string, unknown>> = [];
  let failed = false;
  for (const scenario of scenarios) {
    const requests = [await scenario.setup(ctx)].flat();
    const connections = scenario.connections ?? 10;
    const ceilingRuns: Measured[] = [];
    const runs: Measured[] = [];
    if (warmup > 0) {
      await measure(ceilingUrl, ceilingPid, [{ path: '/' }], connections, warmup);
      await measure(baseUrl, server.pid, requests, connections, warmup);
    }
    for (let round = 0; round < rounds; round++) {
      ceilingRuns.push(await measure(ceilingUrl, ceilingPid, [{ path: '/' }], connections, duration));
      runs.push(await measure(baseUrl, server.pid, requests, connections, duration));
    }
    const ceiling = combine(ceilingRuns);
    const result = combine(runs);
    const ratio = result.requestsPerSecond / ceiling.requestsPerSecond;
    const row = {
      name: scenario.name!,
      description: scenario.description,
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      engine: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      connections,
      durationSeconds: duration * rounds,
      ...result,
      ceilingRequestsPerSecond: Math.round(ceiling.requestsPerSecond),
      ceilingCpuMicrosPerRequest: ceiling.cpuMicrosPerRequest,
      ratio: Math.round(ratio * 1000) / 1000,
      targetRatio: scenario.targetRatio,
      meetsTarget: ratio >= scenario.targetRatio && result.non2xx === 0 && result.errors === 0,
    };
    if (!row.meetsTarget) failed = true;
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, `${row.name}.json`), `${JSON.stringify(row, null, 2)}\n`);
    rows.push(row);
  }
  server.kill('SIGTERM');
  await Promise.race([once(server, 'exit'), new Promise((r) => setTimeout(r, 10_000))]);
  printTable(rows);
  process.exitCode = failed ? 1 : 0;
} finally {
  for (const child of children) child.kill('SIGKILL');
  if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
}

async function discoverScenarios(names: string[]): Promise<BenchScenario[]> {
  const dir = join(root, 'bench', 'scenarios');
  const found: BenchScenario[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()) {
    const name = basename(file, '.bench.ts');
    if (names.length > 0 && !names.includes(name)) continue;
    const scenario = (await import(pathToFileURL(join(dir, file)).href)).default as BenchScenario;
    found.push({ ...scenario, name: scenario.name ?? name });
  }
  return found;
}

/** Starts the raw node:http hello-world server (its own process) and returns its URL and process id. */
async function startCeiling(): Promise<{ url: string; pid: number | undefined }> {
  const port = await freePort();
  const ceiling = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json; charset=utf-8'); s.end('{"hello":"world"}'); }).listen(${port}, '127.0.0.1', () => console.log('up'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(ceiling);
  await new Promise((resolve) => ceiling.stdout!.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, pid: ceiling.pid };
}

/** Averages several runs: mean requests/s, CPU per request and p50, worst p99, summed failures. */
function combine(runs: Measured[]): Measured {
  const mean = (pick: (m: Measured) => number) => runs.reduce((sum, m) => sum + pick(m), 0) / runs.length;
  const cpu = runs.every((m) => m.cpuMicrosPerRequest !== null)
    ? Math.round(mean((m) => m.cpuMicrosPerRequest!) * 10) / 10
    : null;
  return {
    requestsPerSecond: Math.round(mean((m) => m.requestsPerSecond)),
    cpuMicrosPerRequest: cpu,
    latencyP50Ms: Math.round(mean((m) => m.latencyP50Ms) * 100) / 100,
    latencyP99Ms: Math.max(...runs.map((m) => m.latencyP99Ms)),
    non2xx: runs.reduce((sum, m) => sum + m.non2xx, 0),
    errors: runs.reduce((sum, m) => sum + m.errors, 0),
  };
}

async function measure(
  baseUrl: string,
  pid: number | undefined,
  requests: BenchRequest[],
  connections: number,
  seconds: number,
): Promise<Measured> {
  const options = {
    url: baseUrl,
    connections,
    requests: requests.map((r) => ({
      method: r.method ?? 'GET',
      path: r.path,
      headers: {
        ...(r.body !== undefined && typeof r.body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...r.headers,
      },
      body: r.body === undefined ? undefined : typeof r.body === 'string' ? r.body : JSON.stringify(r.body),
    })),
  };
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpuAfter = cpuMicros(pid);
  const answered = result.requests.total;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    cpuMicrosPerRequest:
      cpuBefore === null || cpuAfter === null || answered === 0 ? null : (cpuAfter - cpuBefore) / answered,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function benchContext(baseUrl: string): BenchContext {
  let adminSession: BenchSession | null = null;
  const login = async (user = admin): Promise<BenchSession> => {
    const response = await fetch(`${baseUrl}/wp-json/auth/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    if (!response.ok) throw new Error(`bench login as ${user.username} failed: ${response.status}`);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { nonce } = (await response.json()) as { nonce: string };
    return { cookie, nonce, headers: { cookie, 'x-wp-nonce': nonce } };
  };
  return {
    baseUrl,
    dataDir,
    admin,
    login,
    async rest(method, path, body) {
      adminSession ??= await login();
      const response = await fetch(`${baseUrl}${path.startsWith('/wp-json') ? '' : '/wp-json'}${path}`, {
        method,
        headers: { ...adminSession.headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
      return (text ? JSON.parse(text) : null) as never;
    },
    cli: runCli,
  };
}

async function runCli(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(root, 'bin', 'storeside.js'), ...args],
    {
      env: serverEnv,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return stdout;
}

function printTable(rows: Array<Record<string, unknown>>): void {
  const header = [
    'scenario',
    'req/s',
    'µs CPU/req',
    'p50 ms',
    'p99 ms',
    'ceiling',
    'µs CPU/req',
    'ratio',
    'target',
    'ok',
  ];
  const lines = rows.map((r) => [
    String(r.name),
    String(r.requestsPerSecond),
    String(r.cpuMicrosPerRequest ?? '–'),
    String(r.latencyP50Ms),
    String(r.latencyP99Ms),
    String(r.ceilingRequestsPerSecond),
    String(r.ceilingCpuMicrosPerRequest ?? '–'),
    Number(r.ratio).toFixed(2),
    `≥ ${r.targetRatio}`,
    r.meetsTarget ? 'yes' : `NO${Number(r.non2xx) > 0 ? ` (${r.non2xx} non-2xx)` : ''}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
}
