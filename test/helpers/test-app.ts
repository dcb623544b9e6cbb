import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type BuildOptions, type StoresideApp } from '../../src/app.js';
import type { AuthUser } from '../../src/platform/auth/principal.js';
import { createApplicationPassword } from '../../src/platform/auth/application-passwords.service.js';
import type { Role } from '../../src/platform/auth/roles.js';
import { createUser } from '../../src/platform/auth/users.service.js';
import { type Config, loadConfig } from '../../src/platform/config/config.js';
import { withPg } from './with-pg.js';

/** A fresh app on a fresh database (SQLite in memory, or its own PostgreSQL schema when TEST_DATABASE_URL is set). */
export interface TestApp extends StoresideApp {
  config: Config;
  /** Creates a user with a known password. */
  createUser(input?: {
    role?: Role;
    username?: string;
    email?: string;
    password?: string;
  }): Promise<AuthUser & { password: string }>;
  /** Logs in through the real route; returns headers carrying the cookie and a nonce. */
  login(user: {
    username: string;
    password: string;
  }): Promise<{ cookie: string; nonce: string; headers: Record<string, string> }>;
  /** An `Authorization: Basic` header with a new application password of the user. */
  appPasswordHeader(user: AuthUser): Promise<Record<string, string>>;
}

let counter = 0;

/** Builds a TestApp; pass `env` to override configuration variables and `options` to swap parts. */
export async function createTestApp(
  input: { env?: Record<string, string>; options?: Partial<BuildOptions> } = {},
): Promise<TestApp> {
  const dataDir = join(tmpdir(), `storeside-test-${process.pid}-${Date.now()}-${counter++}`);
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = pgUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (pgUrl && schema) await withPg(pgUrl, (c) => c.query(`create schema ${schema}`));
  const config = loadConfig({
    STORESIDE_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    STORESIDE_DATA_DIR: dataDir,
    STORESIDE_PUBLIC_URL: 'http://shop.test',
    STORESIDE_ADMIN_PASSWORD: 'admin-password-1',
    LOG_LEVEL: 'silent',
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    ...input.env,
  });
  const built = await buildApp({
    config,
    sqliteFile: ':memory:',
    databaseSchema: schema,
    print: () => {},
    ...input.options,
  });
  const testApp: TestApp = {
    ...built,
    config,
    async close() {
      await built.close();
      if (pgUrl && schema) await withPg(pgUrl, (c) => c.query(`drop schema ${schema} cascade`));
    },
    async createUser(u = {}) {
      const n = ++counter;
      const password = u.password ?? `password-${n}-x`;
      const user = await createUser(built.ctx.db, built.ctx.clock, {
        username: u.username ?? `user${n}`,
        email: u.email ?? `user${n}@example.com`,
        password,
        role: u.role ?? 'customer',
      });
      return { ...user, password };
    },
    async login(user) {
      const response = await built.app.inject({
        method: 'POST',
        url: '/wp-json/auth/v1/login',
        payload: { username: user.username, password: user.password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      const setCookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const nonce = response.json().nonce as string;
      return { cookie: setCookie, nonce, headers: { cookie: setCookie, 'x-wp-nonce': nonce } };
    },
    async appPasswordHeader(user) {
      const created = await createApplicationPassword(built.ctx.db, built.ctx.clock, {
        userId: user.id,
        name: 'test',
      });
      return {
        authorization: `Basic ${Buffer.from(`${user.username}:${created.password}`).toString('base64')}`,
      };
    },
  };
  return testApp;
}
