import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// Linux reports a process's CPU time in clock ticks of 1/100 s (USER_HZ, fixed at 100 for user space).
const TICK_MICROS = 10_000;

/** User + system CPU time of a process so far, in µs (from /proc/<pid>/stat); null where that is unavailable. */
export function cpuMicros(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of the whole line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MICROS;
  } catch {
    return null;
  }
}

/** Resolves once `url` answers 2xx (the server under test is up); fails after 60 s or when `server` exits. */
export async function waitReady(url: string, server?: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready within 60 s');
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The environment of a server under test on `dataDir`: local, quiet, production mode, links to itself. */
export function serverEnvironment(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STORESIDE_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  delete env.STORESIDE_PUBLIC_URL;
  return env;
}

/** A list of child processes that are killed when this process exits (servers, ceilings). */
export function killedOnExit(): ChildProcess[] {
  const children: ChildProcess[] = [];
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  return children;
}
