import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** Validated runtime configuration of one Storeside process. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  smtpUrl: string | null;
  publicUrl: string;
  checkoutUrl: string;
  secret: string;
  currency: string;
  admin: { user: string; email: string; password: string | null };
  logLevel: string;
  trustedProxies: string[];
  /** Origins (besides the public URL's) whose pages may call the API with the user's cookie. */
  corsOrigins: string[];
  /** Full base URLs of outside services; extensions read the ones they need. */
  services: Record<string, string>;
  /** Seconds after which a job still running under one claim counts as abandoned by a stopped or dead worker. */
  jobStaleSeconds: number;
}

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DEFAULT_SERVICES: Record<string, string> = {
  VIDEOS_API_BASE_URL: 'https://www.googleapis.com/youtube/v3',
  VIDEOS_OAUTH_PROXY_URL: 'https://oauth.storeside.invalid/connect',
  LICENSE_SERVER_URL: 'https://licenses.storeside.invalid/wp-json/license-server/v1',
  STRIPE_API_BASE: 'https://api.stripe.com',
};

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: { readSecretFile?: boolean } = {},
): Config {
  const port = parsePort(env.PORT ?? '8080');
  const host = nonEmpty('HOST', env.HOST ?? '127.0.0.1');
  const dataDirRaw = nonEmpty('STORESIDE_DATA_DIR', env.STORESIDE_DATA_DIR ?? './data');
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(process.cwd(), dataDirRaw);
  const databaseUrl = optionalUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']);
  const redisUrl = optionalUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']);
  const smtpUrl = optionalUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']);
  const publicUrl = stripSlash(
    optionalUrl('STORESIDE_PUBLIC_URL', env.STORESIDE_PUBLIC_URL, ['http:', 'https:']) ??
      `http://${host}:${port}`,
  );
  const checkoutUrl =
    optionalUrl('STORESIDE_CHECKOUT_URL', env.STORESIDE_CHECKOUT_URL, ['http:', 'https:']) ??
    `${publicUrl}/checkout`;
  const currency = (env.STORESIDE_CURRENCY ?? 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    throw new ConfigError('STORESIDE_CURRENCY must be a three-letter ISO 4217 code');
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const adminEmail = env.STORESIDE_ADMIN_EMAIL ?? 'admin@example.com';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail))
    throw new ConfigError('STORESIDE_ADMIN_EMAIL must be an e-mail address');
  const adminPassword = env.STORESIDE_ADMIN_PASSWORD ?? null;
  if (adminPassword !== null && adminPassword.length < 8) {
    throw new ConfigError('STORESIDE_ADMIN_PASSWORD must be at least 8 characters');
  }
  const services: Record<string, string> = {};
  for (const [name, fallback] of Object.entries(DEFAULT_SERVICES)) {
    services[name] = stripSlash(optionalUrl(name, env[name], ['http:', 'https:']) ?? fallback);
  }
  const trustedProxies = (env.STORESIDE_TRUSTED_PROXIES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const corsOrigins = (env.STORESIDE_CORS_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((origin) => originOf('STORESIDE_CORS_ORIGINS', origin));
  const jobStaleSeconds = positiveSeconds(
    'STORESIDE_JOB_STALE_SECONDS',
    env.STORESIDE_JOB_STALE_SECONDS,
    300,
  );
  const secret =
    env.STORESIDE_SECRET ?? (options.readSecretFile === false ? '' : readOrCreateSecret(dataDir));
  if (env.STORESIDE_SECRET !== undefined && env.STORESIDE_SECRET.length < 32) {
    throw new ConfigError('STORESIDE_SECRET must be at least 32 characters');
  }
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    redisUrl,
    smtpUrl,
    publicUrl,
    checkoutUrl,
    secret,
    currency,
    admin: { user: env.STORESIDE_ADMIN_USER ?? 'admin', email: adminEmail, password: adminPassword },
    logLevel,
    trustedProxies,
    corsOrigins,
    services,
    jobStaleSeconds,
  };
}

/** The origin (`scheme://host[:port]`) of an http(s) URL given in a variable; anything else is a config error. */
function originOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a comma-separated list of http(s) origins`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.origin !== value.replace(/\/$/, ''))
    throw new ConfigError(`${name} must be a comma-separated list of http(s) origins (scheme://host[:port])`);
  return url.origin;
}

function parsePort(raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535)
    throw new ConfigError('PORT must be an integer 0-65535');
  return port;
}

function positiveSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new ConfigError(`${name} must be a whole number of seconds ≥ 1`);
  return Number(value);
}

function nonEmpty(name: string, value: string): string {
  if (value.trim() === '') throw new ConfigError(`${name} must not be empty`);
  return value;
}

function optionalUrl(name: string, value: string | undefined, protocols: string[]): string | null {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(' or ')})`);
  }
  if (!protocols.includes(url.protocol)) throw new ConfigError(`${name} must use ${protocols.join(' or ')}`);
  return value;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
