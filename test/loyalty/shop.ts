import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';

/** A logged-in customer (cookie + nonce headers). */
export async function customer(t: TestApp) {
  const user = await t.createUser();
  const session = await t.login(user);
  return { user, headers: session.headers, cookie: session.cookie };
}

/** Adds `quantity` of a product to the cart of whoever `headers` authenticate (cookie or Cart-Token). */
export async function addToCart(
  t: TestApp,
  headers: Record<string, string>,
  productId: number,
  quantity = 1,
) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/store/v1/cart/add-item',
    headers,
    payload: { id: productId, quantity },
  });
  expect(r.statusCode).toBe(201);
}

/** The Store API cart of whoever `headers` authenticate. */
export async function storeCart(t: TestApp, headers: Record<string, string>) {
  const r = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart', headers });
  expect(r.statusCode).toBe(200);
  return r.json();
}

/** Checks out (cash on delivery → processing). */
export function checkout(t: TestApp, headers: Record<string, string>, email = 'buyer@example.com') {
  return t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/store/v1/checkout',
    headers,
    payload: { billing_address: { email, first_name: 'B', last_name: 'Uyer' }, payment_method: 'cod' },
  });
}

/** Changes an order's status as the administrator. */
export async function setOrderStatus(
  t: TestApp,
  admin: Record<string, string>,
  orderId: number,
  status: string,
) {
  const r = await t.app.inject({
    method: 'PUT',
    url: `/wp-json/wc/v3/orders/${orderId}`,
    headers: admin,
    payload: { status },
  });
  expect(r.statusCode).toBe(200);
}

/** Refunds `amount` (decimal string) of an order as the administrator. */
export async function refundOrder(
  t: TestApp,
  admin: Record<string, string>,
  orderId: number,
  amount: string,
) {
  const r = await t.app.inject({
    method: 'POST',
    url: `/wp-json/wc/v3/orders/${orderId}/refunds`,
    headers: admin,
    payload: { amount },
  });
  expect(r.statusCode).toBe(201);
}

/** A customer's ledger entries (newest first) through the admin route. */
export async function entriesOf(t: TestApp, admin: Record<string, string>, userId: number) {
  const r = await t.app.inject({
    method: 'GET',
    url: `/wp-json/loyalty/v1/ledger?user_id=${userId}&per_page=100`,
    headers: admin,
  });
  return r.json() as Array<{
    transaction_type: string;
    amount: string;
    reference_type: string;
    reference_id: number;
    description: string;
    expires_at: string | null;
  }>;
}
