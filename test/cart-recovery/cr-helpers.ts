import type { BuildOptions } from '../../src/app.js';
import { cartRecoveryExtension } from '../../src/extensions/cart-recovery/cart-recovery.extension.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** A test app with only the cart-recovery extension. */
export async function createCrApp(
  input: { env?: Record<string, string>; options?: Partial<BuildOptions> } = {},
): Promise<TestApp> {
  return createTestApp({
    env: input.env,
    options: { extensions: [cartRecoveryExtension], ...input.options },
  });
}

/** The cart-recovery services of a test app. */
export function crOf(t: TestApp) {
  return t.services(cartRecoveryExtension);
}

/** Creates a published simple product through wc/v3 as an administrator; returns its id. */
export async function createProduct(
  t: TestApp,
  admin: Record<string, string>,
  input: { name: string; price: string; stock?: number },
): Promise<number> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/products',
    headers: admin,
    payload: {
      name: input.name,
      type: 'simple',
      status: 'publish',
      regular_price: input.price,
      ...(input.stock !== undefined ? { manage_stock: true, stock_quantity: input.stock } : {}),
    },
  });
  if (r.statusCode !== 201) throw new Error(`product create failed: ${r.statusCode} ${r.body}`);
  return r.json().id as number;
}

/** A guest Store API cart holding `items`; returns its Cart-Token. */
export async function guestCart(t: TestApp, items: Array<{ id: number; quantity: number }>): Promise<string> {
  const first = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart' });
  const token = first.headers['cart-token'] as string;
  for (const item of items) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      headers: { 'cart-token': token },
      payload: item,
    });
    if (r.statusCode !== 201) throw new Error(`add-item failed: ${r.statusCode} ${r.body}`);
  }
  return token;
}

/** POST /cartrecovery/v1/capture from a client address (each test file uses its own addresses). */
export function capture(
  t: TestApp,
  payload: Record<string, unknown>,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/wp-json/cartrecovery/v1/capture',
    payload,
    headers: options.headers,
    remoteAddress: options.ip ?? '10.0.0.1',
  });
}

/** Turns the agent gates on (or as given) through the admin settings route. */
export async function setSettings(t: TestApp, admin: Record<string, string>, patch: Record<string, unknown>) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/wp-json/cartrecovery/v1/settings',
    headers: admin,
    payload: patch,
  });
  if (r.statusCode !== 200) throw new Error(`settings failed: ${r.statusCode} ${r.body}`);
  return r.json();
}
