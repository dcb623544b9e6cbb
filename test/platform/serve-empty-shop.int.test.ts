import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliEnvironment, runCli, startCli } from './support/spawn-cli.js';

// A newcomer's first `npm start` (`storeside serve`) on an empty shop says how to fill it; once filled, it doesn't.
let env: Record<string, string>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ env, cleanup } = await cliEnvironment());
});
afterAll(async () => cleanup());

it('should say how to add the demo data while the shop has no products, and not once it has', async () => {
  const first = await serveOutput();
  expect(first).toContain('The shop has no products yet. To try it with demo data, run `npx storeside demo`');
  expect(first).toContain('/wp-admin/');
  expect((await runCli(['demo'], env)).code).toBe(0);
  expect(await serveOutput()).not.toContain('no products yet');
}, 180_000);

/** Starts `storeside serve`, collects its output until it is listening and has said what it says at start, stops it. */
async function serveOutput(): Promise<string> {
  const port = await freePort();
  const server = startCli(['serve'], { ...env, PORT: String(port) });
  let stdout = '';
  server.stdout!.on('data', (d) => (stdout += d));
  const exited = once(server, 'exit');
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 1000)); // the start note follows the listening socket
  server.kill('SIGTERM');
  await exited;
  return stdout;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
