import type { LightMyRequestResponse } from 'fastify';
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
  ): Promise<LightMyRequestResponse>;
  /** Logs the administrator in again (after the clock moved past the nonce's life). */
  relogin(): Promise<void>;
  /** Creates a catalog category through `wc/v3` (as the administrator); returns its id. */
  category(name: string, slug?: string): Promise<number>;
  /** Creates a product through `wc/v3`; returns its id. */
  product(body: Record<string, unknown>): Promise<number>;
  /** Adds a variation to a variable product through `wc/v3`; returns its id. */
  variation(productId: number, body: Record<string, unknown>): Promise<number>;
}

/** Builds the app and logs in an administrator and a customer. */
export async function createPtTestApp(options: Partial<BuildOptions> = {}): Promise<PtTestApp> {
  const t = await createTestApp({ options: { extensions: [productTablesExtension], ...options } });
  const adminUser = await t.createUser({ role: 'administrator', username: 'boss' });
  const customerUser = await t.createUser({ role: 'customer' });
  const admin = (await t.login(adminUser)).headers;
  const customer = (await t.login(customerUser)).headers;
  const create = async (url: string, payload: Record<string, unknown>) => {
    const r = await t.app.inject({ method: 'POST', url, headers: h.admin, payload });
    if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return r.json().id as number;
  };
  const h: PtTestApp = {
    t,
    admin,
    customer,
    async relogin() {
      h.admin = (await t.login(adminUser)).headers;
    },
    category: (name, slug) =>
      create('/wp-json/wc/v3/products/categories', { name, ...(slug ? { slug } : {}) }),
    product: (body) => create('/wp-json/wc/v3/products', { status: 'publish', ...body }),
    variation: (productId, body) => create(`/wp-json/wc/v3/products/${productId}/variations`, body),
    api: (method, path, payload, headers = h.admin) =>
      t.app.inject({
        method,
        url: `/wp-json/producttables/v1${path}`,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
  return h;
}
