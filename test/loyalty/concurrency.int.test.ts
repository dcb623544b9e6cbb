import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../../src/extensions/loyalty/ledger/points-ledger.repository.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adjust, adminSession, loyalty } from './helpers.js';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await adminSession(t));
});
afterAll(async () => t.close());

async function balanceOf(userId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('loyalty_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

describe('concurrent writes at one customer', () => {
  it('should never go negative nor lose or double a write under hundreds of parallel debits and credits', async () => {
    const customer = await t.createUser();
    await adjust(t, headers, { user_id: customer.id, amount: 100 });
    const calls = [
      ...Array.from({ length: 300 }, (_, i) => ({ amount: 1, type: 'debit', reason: `debit ${i}` })),
      ...Array.from({ length: 20 }, (_, i) => ({ amount: 5, type: 'credit', reason: `credit ${i}` })),
    ];
    const responses = await Promise.all(
      calls.map((body) => loyalty(t, 'POST', '/user-points', headers, { user_id: customer.id, ...body })),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 422);
    expect(ok.length + refused.length).toBe(calls.length);
    for (const r of refused) expect(r.json().data.errors).toEqual({ amount: { max: expect.any(String) } });
    const okDebits = ok.filter((r) => calls[responses.indexOf(r)]!.type === 'debit').length;
    // Every credit succeeds; each debit succeeds exactly when the balance covered it at its turn.
    expect(ok.length - okDebits).toBe(20);
    expect(okDebits).toBeGreaterThanOrEqual(100);
    const balance = await balanceOf(customer.id);
    expect(balance).toBe((100 + 20 * 5 - okDebits) * 100);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(okDebits + refused.length).toBe(300);
    expect(okDebits).toBeLessThanOrEqual(200);
    expect(await ledgerSum(t.ctx.db, customer.id)).toBe(balance);
    const seen = new Set(ok.map((r) => r.json().new_balance));
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    const ledger = await loyalty(t, 'GET', `/ledger?user_id=${customer.id}&per_page=1`, headers);
    expect(Number(ledger.headers['x-wp-total'])).toBe(1 + ok.length);
  });
});
