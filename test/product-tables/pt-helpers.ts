import { productTablesExtension } from '../../src/extensions/product-tables/product-tables.extension.js';
import type { BuildOptions } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** A test app running only the product-tables extension, with an administrator and a customer logged in. */
export interface PtTestApp {
  t: TestApp;
  admin: Record<string, string>;
  customer: Record<string, string>;
  /** Calls a `producttables/v1` route as the administrator (cookie + nonce). */
  api(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): ReturnType<TestApp['app']['inject']>;
}

/** Builds the app and logs in an administrator and a customer. */
export async function createPtTestApp(options: Partial<BuildOptions> = {}): Promise<PtTestApp> {
  const t = await createTestApp({ options: { extensions: [productTablesExtension], ...options } });
  const adminUser = await t.createUser({ role: 'administrator', username: 'boss' });
  const customerUser = await t.createUser({ role: 'customer' });
  const admin = (await t.login(adminUser)).headers;
  const customer = (await t.login(customerUser)).headers;
  return {
    t,
    admin,
    customer,
    api: (method, path, payload, headers = admin) =>
      t.app.inject({
        method,
        url: `/wp-json/producttables/v1${path}`,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}
