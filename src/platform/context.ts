import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from './auth/authenticator.js';
import type { CapabilityRegistry } from './auth/capabilities.js';
import type { CacheLayer } from './cache/cache-layer.js';
import type { DataVersions } from './cache/data-versions.js';
import type { NonceService } from './auth/nonce.js';
import type { Clock } from './clock.js';
import type { Config } from './config/config.js';
import type { Db, Engine } from './db/database.js';
import type { EventBus } from './events/event-bus.js';
import type { HttpClient } from './http-client/http-client.js';
import type { PublicHttpClient } from './http-client/public-http-client.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { MailSender } from './mail/mail-sender.js';
import type { McpToolRegistry } from './mcp/mcp-tools.js';
import type { OptionsStore, TransientStore } from './options/options.js';
import type { PrivacyErasers } from './privacy/privacy-erasers.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';
import type { SecretBox } from './security/secret-box.js';
import type { SettingsRegistry } from './settings/settings-registry.js';

/** Everything the platform offers to the shop and the extensions; tests can swap any part. */
export interface PlatformContext {
  config: Config;
  db: Db;
  engine: Engine;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Committed versions of the cache topics, shared by every instance (see cache/data-versions.ts). */
  versions: DataVersions;
  /** In-process caches of data, fresh while their topics hold (`caches.of(declareCache(...))`). */
  caches: CacheLayer;
  options: OptionsStore;
  /** The settings stores of the modules' declarations (`settings.of(declaration)`). */
  settings: SettingsRegistry;
  transients: TransientStore;
  events: EventBus;
  jobs: JobQueue;
  mail: MailSender;
  http: HttpClient;
  /** Requests to URLs users give (app callbacks): public HTTPS addresses only, connections pinned. */
  publicHttp: PublicHttpClient;
  rateLimiter: RateLimiter;
  nonces: NonceService;
  auth: Authenticator;
  capabilities: CapabilityRegistry;
  secrets: SecretBox;
  /** Every module's personal-data erasers (filled at start from `privacyErasers`). */
  privacy: PrivacyErasers;
  /** Read-only MCP tools the modules offer over their own GET routes. */
  mcpTools: McpToolRegistry;
}
