import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';

/** Admin headers (application password: no nonce needed) for catalog tests. */
export async function adminHeaders(t: TestApp): Promise<Record<string, string>> {
  const admin = await t.createUser({ role: 'administrator' });
  return t.appPasswordHeader(admin);
}

/** Creates a product through `POST /wc/v3/products`; fails the test unless 201. */
export async function makeProduct(
  t: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<Record<string, any>> {
  const r = await t.app.inject({ method: 'POST', url: '/wp-json/wc/v3/products', headers, payload: body });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

/** Creates a category through `POST /wc/v3/products/categories`. */
export async function makeCategory(
  t: TestApp,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<Record<string, any>> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/products/categories',
    headers,
    payload: body,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

/** Adds a variation through `POST /wc/v3/products/{id}/variations`. */
export async function makeVariation(
  t: TestApp,
  headers: Record<string, string>,
  productId: number,
  body: Record<string, unknown>,
): Promise<Record<string, any>> {
  const r = await t.app.inject({
    method: 'POST',
    url: `/wp-json/wc/v3/products/${productId}/variations`,
    headers,
    payload: body,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}
