import { setFlagsFromString } from 'node:v8';
import { type BuildOptions, buildApp } from '../app.js';
import type { Config } from '../platform/config/config.js';

/** Runs the server and the job worker until SIGTERM/SIGINT, then shuts down gracefully. */
export async function serve(
  config: Config,
  overrides: Omit<Partial<BuildOptions>, 'config'> = {},
): Promise<number> {
  configureV8();
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const built = await buildApp({ config, print, ...overrides });
  await built.app.listen({ port: config.port, host: config.host });
  built.ctx.jobs.start();
  built.ctx.logger.info(`Storeside listening on ${config.publicUrl} (${built.ctx.engine})`);
  if ((await built.ctx.shop.catalogStats({ onSaleOnly: false })).products === 0)
    print(
      `The shop has no products yet. To try it with demo data, run \`npx storeside demo\` or use "Fill the shop with demo data" on the dashboard: ${config.publicUrl}/wp-admin/`,
    );
  await new Promise<void>((resolve) => {
    // Stop accepting, let in-flight requests finish, stop the job worker, close the database (onClose hooks).
    const stop = (signal: string) => {
      built.ctx.logger.info(`${signal} received: finishing in-flight requests and jobs`);
      built.close().then(resolve, (error) => {
        built.ctx.logger.error({ err: error }, 'shutdown failed');
        resolve();
      });
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  return 0;
}

/**
 * No allocation-site pretenuring, set before the app opens its database. When a minor GC finds a batch of query
 * rows still alive, V8 decides that pg's row arrays are long-lived and from then on allocates every one in the
 * old generation, where dead rows (and the strings they point to) pile up until a full GC: a big PostgreSQL
 * export then grows the heap by most of what it reads (measured; docs/loyalty.md, "CSV export").
 */
function configureV8(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
