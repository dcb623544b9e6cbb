import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { registerAdminShell } from './platform/admin-pages/admin-shell.pages.js';
import { registerLoginPages } from './platform/admin-pages/login.pages.js';
import { Authenticator } from './platform/auth/authenticator.js';
import { ensureAdministrator } from './platform/auth/bootstrap-admin.js';
import { CapabilityRegistry } from './platform/auth/capabilities.js';
import { NonceService } from './platform/auth/nonce.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Config } from './platform/config/config.js';
import type { PlatformContext } from './platform/context.js';
import { openDatabase } from './platform/db/database.js';
import { migrateModules, migrationsDone } from './platform/db/migrations.js';
import { EventBus } from './platform/events/event-bus.js';
import { FetchHttpClient, type HttpClient } from './platform/http-client/http-client.js';
import { PinnedHttpClient, type PublicHttpClient } from './platform/http-client/public-http-client.js';
import { numericPathIds } from './platform/http/numeric-path-ids.js';
import { RestRouteIndex } from './platform/http/rest-index.js';
import { CacheLayer } from './platform/cache/cache-layer.js';
import { DataVersions } from './platform/cache/data-versions.js';
import { responseCaching } from './platform/http/response-cache.js';
import { createHttpServer, type RestApp } from './platform/http/server.js';
import { DbJobQueue } from './platform/jobs/db-job-queue.js';
import type { MailSender } from './platform/mail/mail-sender.js';
import { OutboxMailSender, SmtpMailSender } from './platform/mail/mail-senders.js';
import { McpToolRegistry } from './platform/mcp/mcp-tools.js';
import type { AppModule } from './platform/module.js';
import { OptionsStore, TransientStore } from './platform/options/options.js';
import { platformModule } from './platform/platform.module.js';
import { PrivacyErasers } from './platform/privacy/privacy-erasers.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './platform/rate-limit/rate-limiter.js';
import { SecretBox } from './platform/security/secret-box.js';
import { SettingsRegistry } from './platform/settings/settings-registry.js';
import { registerSettingsRoutes } from './platform/settings/settings.routes.js';
import type { AnyExtension, ExtensionContext } from './extensions/define-extension.js';
import { allExtensions } from './extensions/index.js';
import { shopCliCommands } from './shop/demo/demo.cli.js';
import { createShop } from './shop/shop.module.js';
import type { CliCommand } from './platform/cli/cli-command.js';

/** What the composition root needs; everything but `config` can be swapped (tests, demo, CLI). */
export interface BuildOptions {
  config: Config;
  clock?: Clock;
  logger?: FastifyBaseLogger;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  databaseSchema?: string;
  /** SQLite file name inside the data dir, or `:memory:` (default `storeside.sqlite`). */
  sqliteFile?: string;
  extensions?: AnyExtension[];
  mail?: MailSender;
  http?: HttpClient;
  /** Tests swap in a client that also reaches loopback (`new PinnedHttpClient({ allowLoopback: true })`). */
  publicHttp?: PublicHttpClient;
  rateLimiter?: RateLimiter;
  /** Run migrations while building (default true). */
  migrate?: boolean;
  /** Compile every route's schemas at start instead of on first use (a test checks they all compile). */
  eagerSchemas?: boolean;
  /** Print lines meant for the operator (generated admin password). */
  print?: (line: string) => void;
}

/** The built application: the HTTP server, the shared context, and its modules. */
export interface StoresideApp {
  app: RestApp;
  ctx: ExtensionContext;
  modules: Array<AppModule<any, any>>;
  /** The services container `module` built for this app (its context itself when it declares none). */
  services<S>(module: AppModule<any, S>): S;
  /** True when the database answers and every migration has run. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Every module's CLI commands, known without building the app (help and a wrong command open nothing); each runs
 * with its own module's services of the built app.
 */
export function moduleCliCommands(
  extensions: readonly AnyExtension[] = allExtensions,
): ReadonlyArray<CliCommand<StoresideApp>> {
  return [
    ...withServices(platformModule.cli ?? [], (built) => built.ctx),
    ...withServices(shopCliCommands, (built) => built.ctx),
    ...extensions.flatMap((extension) =>
      withServices(extension.cli ?? [], (built) => built.services(extension)),
    ),
  ];
}

/** Builds platform → shop → extensions into one app (does not listen). */
export async function buildApp(options: BuildOptions): Promise<StoresideApp> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? (pino({ level: config.logLevel }) as unknown as FastifyBaseLogger);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteFile: options.sqliteFile ?? 'storeside.sqlite',
    schema: options.databaseSchema,
  });
  const { db, engine } = database;
  const capabilities = new CapabilityRegistry();
  const nonces = new NonceService(config.secret, () => clock.now());
  const rateLimiter =
    options.rateLimiter ??
    (config.redisUrl
      ? await RedisRateLimiter.connect(config.redisUrl)
      : new MemoryRateLimiter(() => clock.now().getTime()));
  const versions = new DataVersions({
    db,
    logger,
    databaseUrl: config.databaseUrl ?? undefined,
    schema: options.databaseSchema,
  });
  const caches = new CacheLayer(versions, clock);
  const secrets = new SecretBox(config.secret);
  const fromAddress = `Storeside <no-reply@${new URL(config.publicUrl).hostname}>`;
  const platform: PlatformContext = {
    config,
    db,
    engine,
    clock,
    logger,
    versions,
    caches,
    options: new OptionsStore(db, caches),
    settings: new SettingsRegistry(() => platform),
    transients: new TransientStore(db, clock),
    events: new EventBus(db),
    jobs: new DbJobQueue(
      { db, engine, clock, logger, catchUp: () => versions.catchUp() },
      { staleAfterSeconds: config.jobStaleSeconds },
    ),
    mail:
      options.mail ??
      (config.smtpUrl
        ? await SmtpMailSender.create(config.smtpUrl, fromAddress)
        : new OutboxMailSender(db, clock, fromAddress)),
    http: options.http ?? new FetchHttpClient(config),
    publicHttp: options.publicHttp ?? new PinnedHttpClient(),
    rateLimiter,
    nonces,
    auth: new Authenticator({ db, clock, nonces, capabilities, caches, secret: config.secret, secrets }),
    capabilities,
    secrets,
    mcpTools: new McpToolRegistry(),
    privacy: new PrivacyErasers(),
  };
  const shop = createShop(platform);
  const ctx: ExtensionContext = { ...platform, shop: shop.api };
  const extensions = options.extensions ?? allExtensions;
  const modules: Array<AppModule<any, any>> = [platformModule, shop.module, ...extensions];

  for (const module of modules) {
    for (const [capability, roles] of Object.entries(module.capabilities ?? {}))
      capabilities.declare(capability, roles);
  }
  if (options.migrate !== false) await migrateModules(db, modules);
  await versions.start();

  const app = await createHttpServer({
    logger,
    publicUrl: config.publicUrl,
    trustProxy: config.trustedProxies,
    corsOrigins: config.corsOrigins,
    eagerSchemas: options.eagerSchemas,
    replayCallerGuard: (request) => platform.auth.replayGuard(request),
    requestGate: () => versions.catchUp(),
    status422Namespaces: modules.flatMap((m) =>
      (m.namespaces ?? []).filter((n) => n.validationStatus === 422).map((n) => n.namespace),
    ),
  });
  const index = new RestRouteIndex();
  // A write is acknowledged only while this process's instance lease holds (cache/data-versions.ts).
  app.addHook('onSend', (request, _reply, payload, done) => {
    const waiting = versions.beforeAnswer();
    if (waiting === null) done(null, payload);
    // A route that sends its reply twice fails here without taking the process down.
    else
      waiting
        .then(() => done(null, payload), done)
        .catch((err: unknown) => request.log.error({ err }, 'sending the answer failed'));
  });
  app.addHook('onRoute', index.onRoute);
  // Before authentication's hook, so that it runs after authentication (each puts its check first): a caller
  // learns nothing from validation before being authenticated, and `users/+1/api-keys` is never read as user 1.
  app.addHook('onRoute', numericPathIds('/wp-json/', 'invalid'));
  app.addHook('onRoute', platform.auth.onRoute);
  app.addHook(
    'onRoute',
    responseCaching(versions, () => clock.now().getTime()),
  );

  const built = new Map<AppModule<any, any>, unknown>();
  for (const module of modules) built.set(module, module.services ? module.services(ctx) : ctx);
  const services = <S>(module: AppModule<any, S>): S => {
    if (!built.has(module)) throw new Error(`module ${module.name} is not part of this app`);
    return built.get(module) as S;
  };
  for (const module of modules) {
    const s = services(module);
    module.subscribers?.(s);
    for (const [hook, handler] of Object.entries(module.jobs?.(s) ?? {}))
      platform.jobs.register(hook, handler);
  }
  for (const extension of extensions) subscribeDemo(ctx, extension, services(extension));
  await app.register(
    async (scope) => {
      for (const module of modules) {
        for (const declaration of module.settings ?? [])
          registerSettingsRoutes(scope, ctx.settings.of(declaration), services(module));
        await module.routes?.(scope, services(module));
      }
    },
    { prefix: '/wp-json' },
  );
  for (const module of modules) module.mcp?.(platform.mcpTools, services(module));
  for (const module of modules)
    for (const eraser of module.privacyErasers?.(services(module)) ?? []) platform.privacy.add(eraser);
  for (const module of modules) {
    await module.pages?.(app, services(module));
    await module.storefront?.(app, services(module));
  }
  const adminModules = modules.flatMap((m) =>
    m.admin ? [{ name: m.name, capability: m.admin.capability }] : [],
  );
  registerLoginPages(app, platform, adminModules);
  await registerAdminShell(app, platform, adminModules);

  index.register(app, { name: 'Storeside', description: 'A Storeside shop', url: config.publicUrl });
  app.get('/wp-json/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  const ready = async () => {
    try {
      return await migrationsDone(db, modules);
    } catch {
      return false;
    }
  };
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) =>
    (await ready()) ? { status: 'ready' } : reply.code(503).send({ status: 'not_ready' }),
  );

  if (options.migrate !== false) {
    for (const module of modules) await module.setup?.(services(module));
    await ensureAdministrator(platform, options.print ?? ((line) => logger.warn(line)));
  }

  app.addHook('onClose', async () => {
    await platform.jobs.stop();
    await versions.stop();
    await platform.mail.close();
    await rateLimiter.close();
    await database.destroy();
  });
  await app.ready();
  return { app, ctx, modules, services, ready, close: () => app.close() };
}

/** Runs an extension's demo step when `storeside demo` has seeded the shop (in module order, after the shop's). */
function subscribeDemo(ctx: ExtensionContext, extension: AnyExtension, services: unknown): void {
  const { demo } = extension;
  if (demo) ctx.events.on('shop.demo.seeded', (seeding) => demo(services, seeding));
}

/** The commands of one module, each run with the services that module built in the app. */
function withServices<S>(
  commands: ReadonlyArray<CliCommand<S>>,
  servicesOf: (built: StoresideApp) => S,
): Array<CliCommand<StoresideApp>> {
  return commands.map((command) => ({
    ...command,
    run: (built, input) => command.run(servicesOf(built), input),
  }));
}
