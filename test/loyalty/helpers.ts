import type { TestApp } from '../helpers/test-app.js';

/** A logged-in administrator's headers (cookie + nonce) and a helper to call loyalty routes. */
export async function adminSession(t: TestApp) {
  const admin = await t.createUser({ role: 'administrator' });
  const session = await t.login(admin);
  return { admin, headers: session.headers };
}

/** Calls a `loyalty/v1` route through the real app. */
export function loyalty(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/wp-json/loyalty/v1${path}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Credits (or debits) whole points through `POST /user-points`; throws unless 200. */
export async function adjust(
  t: TestApp,
  headers: Record<string, string>,
  body: { user_id: number; amount: number; type?: 'credit' | 'debit'; reason?: string },
) {
  const r = await loyalty(t, 'POST', '/user-points', headers, { type: 'credit', reason: 'test', ...body });
  if (r.statusCode !== 200) throw new Error(`adjust failed: ${r.statusCode} ${r.body}`);
  return r.json() as { entry_id: number; new_balance: number };
}
