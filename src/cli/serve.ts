import { buildApp } from '../app.js';
import type { Config } from '../platform/config/config.js';

/** Runs the server and the job worker until SIGTERM/SIGINT, then shuts down gracefully. */
export async function serve(config: Config): Promise<number> {
  const built = await buildApp({ config, print: (line) => process.stdout.write(`${line}\n`) });
  await built.app.listen({ port: config.port, host: config.host });
  built.ctx.jobs.start();
  built.ctx.logger.info(`Storeside listening on ${config.publicUrl} (${built.ctx.engine})`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      built.ctx.logger.info(`${signal} received: finishing in-flight requests and jobs`);
      built.close().then(resolve, resolve);
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  return 0;
}
