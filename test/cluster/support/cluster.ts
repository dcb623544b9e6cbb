import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startCli } from '../../platform/support/spawn-cli.js';
import { withPg } from '../../helpers/with-pg.js';

/** One server process of the cluster. */
export interface Instance {
  url: string;
  process: ChildProcess;
  output(): string;
}

/** N server processes on one PostgreSQL database and one Redis, behind a round-robin proxy. */
export interface Cluster {
  /** The proxy's URL: each request goes to the next instance. */
  url: string;
  instances: Instance[];
  adminPassword: string;
  /** The one PostgreSQL database of every instance (tests read and set rows in it directly). */
  databaseUrl: string;
  /** The job stale-claim timeout every instance runs with (`STORESIDE_JOB_STALE_SECONDS`), in seconds. */
  jobStaleSeconds: number;
  /** Starts an exited instance again on its port and data directory (an orchestrator's restart). */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// A Redis database of the cluster test's own, emptied at each start: its limits must not outlive a run.
const REDIS_URL = process.env.TEST_CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/9';

/**
 * Starts `count` instances on a fresh database (the first runs the migrations) and the proxy in front of them,
 * with `env` added to their environment.
 */
export async function startCluster(count = 2, env: Record<string, string> = {}): Promise<Cluster> {
  const database = `storeside_cluster_${randomBytes(5).toString('hex')}`;
  await withPg(PG_URL, (c) => c.query(`create database ${database}`));
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
  const databaseUrl = new URL(PG_URL);
  databaseUrl.pathname = `/${database}`;
  const proxy = await startProxy();
  const adminPassword = 'cluster-admin-password';
  const jobStaleSeconds = 2;
  const shared = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    STORESIDE_SECRET: 'cluster-secret-cluster-secret-0123456789',
    STORESIDE_PUBLIC_URL: proxy.url,
    STORESIDE_ADMIN_PASSWORD: adminPassword,
    STORESIDE_TRUSTED_PROXIES: '127.0.0.1',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Short, so the cluster test sees a killed instance's claimed jobs recovered within seconds.
    STORESIDE_JOB_STALE_SECONDS: String(jobStaleSeconds),
    ...env,
  };
  const environments: Array<Record<string, string>> = [];
  const launch = async (env: Record<string, string>): Promise<Instance> => {
    const child = startCli(['serve'], env);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const instance = { url: `http://127.0.0.1:${env.PORT}`, process: child, output: () => output };
    await waitReady(instance);
    return instance;
  };
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), `storeside-cluster-${i}-`));
    environments.push({ ...shared, PORT: String(await freePort()), STORESIDE_DATA_DIR: dataDir });
    instances.push(await launch(environments[i]!));
  }
  proxy.targets.push(...instances.map((instance) => instance.url));
  return {
    url: proxy.url,
    instances,
    adminPassword,
    databaseUrl: databaseUrl.toString(),
    jobStaleSeconds,
    async restart(index) {
      const old = instances[index]!;
      if (old.process.exitCode === null && old.process.signalCode === null)
        throw new Error(`instance ${index} is still running`);
      instances[index] = await launch(environments[index]!);
    },
    async stop() {
      const running = instances.filter((i) => i.process.exitCode === null && i.process.signalCode === null);
      const exited = running.map((i) => new Promise((resolve) => i.process.on('exit', resolve)));
      for (const instance of running) {
        instance.process.kill('SIGCONT'); // a test that paused an instance may have failed before resuming it
        instance.process.kill('SIGTERM');
      }
      await Promise.all(exited);
      await new Promise((resolve) => proxy.server.close(resolve));
      await withPg(PG_URL, (c) => c.query(`drop database if exists ${database} with (force)`));
    },
  };
}

/** A round-robin HTTP proxy that forwards each request to the next live target with X-Forwarded-For. */
async function startProxy(): Promise<{ url: string; server: Server; targets: string[] }> {
  const targets: string[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]!);
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"code":"bad_gateway","message":"The instance did not answer.","data":{"status":502}}');
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, targets };
}

async function waitReady(instance: Instance): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null) throw new Error(`instance exited: ${instance.output()}`);
    const ready = await fetch(`${instance.url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance not ready within 60 s: ${instance.output()}`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
