import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { recordEntry } from '../../src/extensions/loyalty/ledger/points-ledger.service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adjust, adminSession, loyalty } from './helpers.js';

let t: TestApp;
let clock: ManualClock;
let headers: Record<string, string>;
let admin: Awaited<ReturnType<TestApp['createUser']>>;
let alice: Awaited<ReturnType<TestApp['createUser']>>;
let bob: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
  t = await createTestApp({ options: { clock } });
  ({ admin, headers } = await adminSession(t));
  alice = await t.createUser({ username: 'alice', email: 'Alice.Smith@example.com' });
  bob = await t.createUser({ username: 'bob', email: 'bob@example.org' });
  // Alice: 3 entries over two days; Bob: 2 entries on the third day.
  await adjust(t, headers, { user_id: alice.id, amount: 500, reason: 'welcome' });
  await moveClock('2026-03-02T23:59:59Z');
  await adjust(t, headers, { user_id: alice.id, amount: 200, type: 'debit', reason: 'correction' });
  await adjust(t, headers, { user_id: alice.id, amount: 50, reason: 'bonus' });
  await moveClock('2026-03-03T00:00:00Z');
  await adjust(t, headers, { user_id: bob.id, amount: 1000, reason: '=HYPERLINK("http://evil")' });
  await adjust(t, headers, {
    user_id: bob.id,
    amount: 1,
    type: 'debit',
    reason: 'a "quoted", reason\nnew line',
  });
});
afterAll(async () => t.close());

/** Moves the clock and logs in again (nonces live 12-24 h). */
async function moveClock(iso: string) {
  clock.set(new Date(iso));
  headers = (await t.login(admin)).headers;
}

describe('POST /loyalty/v1/user-points', () => {
  it('should credit a customer and return the entry id and the new balance', async () => {
    const r = await loyalty(t, 'POST', '/user-points', headers, {
      user_id: bob.id,
      amount: 10,
      type: 'credit',
      reason: 'goodwill',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      success: true,
      message: 'Transaction completed successfully',
      entry_id: expect.any(Number),
      new_balance: 1009,
    });
    const d = await loyalty(t, 'POST', '/user-points', headers, {
      user_id: bob.id,
      amount: 10,
      type: 'debit',
      reason: 'undo',
    });
    expect(d.json().new_balance).toBe(999);
  });

  it('should refuse an unknown user with 422 user_id.exists', async () => {
    const r = await loyalty(t, 'POST', '/user-points', headers, {
      user_id: 999999,
      amount: 10,
      type: 'credit',
      reason: 'x',
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().data.errors).toEqual({ user_id: { exists: expect.any(String) } });
  });

  it('should refuse a debit above the balance with 422 amount.max and write nothing', async () => {
    const before = (await loyalty(t, 'GET', `/ledger?user_id=${alice.id}`, headers)).headers['x-wp-total'];
    const r = await loyalty(t, 'POST', '/user-points', headers, {
      user_id: alice.id,
      amount: 351,
      type: 'debit',
      reason: 'too much',
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().data.errors).toEqual({ amount: { max: expect.any(String) } });
    const after = (await loyalty(t, 'GET', `/ledger?user_id=${alice.id}`, headers)).headers['x-wp-total'];
    expect(after).toBe(before);
  });

  it('should refuse bad input with 422 naming each field and rule', async () => {
    const r = await loyalty(t, 'POST', '/user-points', headers, {
      user_id: 'x',
      amount: 0,
      type: 'gift',
      reason: '',
    });
    expect(r.statusCode).toBe(422);
    const errors = r.json().data.errors;
    expect(errors.user_id).toHaveProperty('integer');
    expect(errors.amount).toHaveProperty('min');
    expect(errors.type).toHaveProperty('in');
    expect(errors.reason).toHaveProperty('min');
    const missing = await loyalty(t, 'POST', '/user-points', headers, {});
    expect(missing.json().data.errors.user_id).toHaveProperty('required');
    const long = await loyalty(t, 'POST', '/user-points', headers, {
      user_id: bob.id,
      amount: 1.5,
      type: 'credit',
      reason: 'x'.repeat(256),
    });
    expect(long.json().data.errors.amount).toHaveProperty('integer');
    expect(long.json().data.errors.reason).toHaveProperty('max');
  });

  it('should replay the first result for a retried Idempotency-Key instead of writing twice', async () => {
    const body = { user_id: bob.id, amount: 7, type: 'credit', reason: 'retry me' };
    const h = { ...headers, 'idempotency-key': 'adj-123' };
    const first = await loyalty(t, 'POST', '/user-points', h, body);
    const second = await loyalty(t, 'POST', '/user-points', h, body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const other = await loyalty(t, 'POST', '/user-points', h, { ...body, amount: 8 });
    expect(other.statusCode).toBe(409);
    await loyalty(t, 'POST', '/user-points', headers, { ...body, amount: 7, type: 'debit' });
  });

  it('should refuse a customer with 403 and a missing nonce with 401', async () => {
    const s = await t.login(alice);
    const body = { user_id: alice.id, amount: 10, type: 'credit', reason: 'self' };
    expect((await loyalty(t, 'POST', '/user-points', s.headers, body)).statusCode).toBe(403);
    expect((await loyalty(t, 'POST', '/user-points', { cookie: headers.cookie! }, body)).statusCode).toBe(
      401,
    );
    expect(
      (
        await loyalty(
          t,
          'POST',
          '/user-points',
          { cookie: headers.cookie!, 'x-wp-nonce': 'abcdef0123' },
          body,
        )
      ).statusCode,
    ).toBe(401);
  });

  it('should accept an application password with a nonce and refuse it without one', async () => {
    const basic = await t.appPasswordHeader(admin);
    const body = { user_id: bob.id, amount: 1, type: 'credit', reason: 'via app password' };
    expect((await loyalty(t, 'POST', '/user-points', basic, body)).statusCode).toBe(401);
    const n = await t.app.inject({ method: 'GET', url: '/wp-json/auth/v1/nonce', headers: basic });
    const r = await loyalty(t, 'POST', '/user-points', { ...basic, 'x-wp-nonce': n.json().nonce }, body);
    expect(r.statusCode).toBe(200);
    await adjust(t, headers, { user_id: bob.id, amount: 1, type: 'debit' });
  });
});

describe('GET /loyalty/v1/ledger', () => {
  it('should list entries newest first in the contract shape with totals headers', async () => {
    const r = await loyalty(t, 'GET', `/ledger?user_id=${alice.id}`, headers);
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-wp-total']).toBe('3');
    expect(r.headers['x-wp-totalpages']).toBe('1');
    const rows = r.json();
    expect(rows.map((e: { description: string }) => e.description)).toEqual([
      'bonus',
      'correction',
      'welcome',
    ]);
    expect(rows[2]).toEqual({
      id: expect.any(Number),
      user_id: alice.id,
      transaction_type: 'credit',
      amount: '500.00',
      reference_type: 'admin',
      reference_id: admin.id,
      description: 'welcome',
      expires_at: null,
      created_at: '2026-03-01 10:00:00',
    });
  });

  it('should filter by type, reference type and an inclusive date range, with matching totals', async () => {
    const byType = await loyalty(t, 'GET', `/ledger?user_id=${alice.id}&transaction_type=debit`, headers);
    expect(byType.json()).toHaveLength(1);
    expect(byType.headers['x-wp-total']).toBe('1');
    const day2 = await loyalty(t, 'GET', '/ledger?date_from=2026-03-02&date_to=2026-03-02', headers);
    expect(day2.json().map((e: { description: string }) => e.description)).toEqual(['bonus', 'correction']);
    expect(day2.headers['x-wp-total']).toBe('2');
    const from3 = await loyalty(t, 'GET', '/ledger?date_from=2026-03-03&reference_type=admin', headers);
    expect(Number(from3.headers['x-wp-total'])).toBe(from3.json().length);
    expect(from3.json().every((e: { created_at: string }) => e.created_at >= '2026-03-03')).toBe(true);
    const none = await loyalty(t, 'GET', '/ledger?reference_type=order', headers);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-wp-total']).toBe('0');
    expect(none.headers['x-wp-totalpages']).toBe('0');
  });

  it('should paginate with X-WP-TotalPages and Link, and return [] beyond the last page', async () => {
    const all = await loyalty(t, 'GET', '/ledger', headers);
    const total = Number(all.headers['x-wp-total']);
    const p1 = await loyalty(t, 'GET', '/ledger?per_page=2', headers);
    expect(p1.json()).toHaveLength(2);
    expect(p1.headers['x-wp-totalpages']).toBe(String(Math.ceil(total / 2)));
    expect(p1.headers.link).toContain('rel="next"');
    const p2 = await loyalty(t, 'GET', '/ledger?per_page=2&page=2', headers);
    expect(p2.json()[0].id).toBeLessThan(p1.json()[1].id);
    const beyond = await loyalty(t, 'GET', '/ledger?per_page=2&page=999', headers);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-wp-total']).toBe(String(total));
  });

  it('should refuse bad filters with 422', async () => {
    const r = await loyalty(
      t,
      'GET',
      '/ledger?per_page=101&transaction_type=gift&reference_type=x&date_from=2026-13-45&user_id=abc',
      headers,
    );
    expect(r.statusCode).toBe(422);
    const errors = r.json().data.errors;
    expect(errors.per_page).toHaveProperty('max');
    expect(errors.transaction_type).toHaveProperty('in');
    expect(errors.reference_type).toHaveProperty('in');
    expect(errors.date_from).toHaveProperty('date');
    expect(errors.user_id).toHaveProperty('integer');
  });

  it('should show a write at once on a page read just before it (no stale page or total)', async () => {
    const before = await loyalty(t, 'GET', `/ledger?user_id=${alice.id}`, headers);
    const again = await loyalty(t, 'GET', `/ledger?user_id=${alice.id}`, headers);
    expect(again.body).toBe(before.body);
    const { entry_id } = await adjust(t, headers, { user_id: alice.id, amount: 3, reason: 'fresh' });
    const after = await loyalty(t, 'GET', `/ledger?user_id=${alice.id}`, headers);
    expect(Number(after.headers['x-wp-total'])).toBe(Number(before.headers['x-wp-total']) + 1);
    expect(after.json()[0]).toMatchObject({ id: entry_id, description: 'fresh', amount: '3.00' });
    await adjust(t, headers, { user_id: alice.id, amount: 3, type: 'debit', reason: 'undo fresh' });
  });

  it('should refuse a customer with 403 and no nonce with 401', async () => {
    const s = await t.login(bob);
    expect((await loyalty(t, 'GET', '/ledger', s.headers)).statusCode).toBe(403);
    expect((await loyalty(t, 'GET', '/ledger', { cookie: headers.cookie! })).statusCode).toBe(401);
  });
});

describe('GET /loyalty/v1/user-points/search-users', () => {
  it('should match display name, e-mail or username case-insensitively, with balances', async () => {
    const r = await loyalty(t, 'GET', '/user-points/search-users?search=ALICE.smith', headers);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      { id: alice.id, display_name: alice.display_name, user_email: 'Alice.Smith@example.com', balance: 350 },
    ]);
    const byName = await loyalty(t, 'GET', '/user-points/search-users?search=BO', headers);
    expect(byName.json().map((u: { id: number }) => u.id)).toContain(bob.id);
    const limited = await loyalty(t, 'GET', '/user-points/search-users?search=example&limit=1', headers);
    expect(limited.json()).toHaveLength(1);
  });

  it('should refuse a missing search or a limit above 50 with 422, customers with 403', async () => {
    const r = await loyalty(t, 'GET', '/user-points/search-users?limit=51', headers);
    expect(r.statusCode).toBe(422);
    expect(r.json().data.errors.search).toHaveProperty('required');
    expect(r.json().data.errors.limit).toHaveProperty('max');
    const s = await t.login(bob);
    expect((await loyalty(t, 'GET', '/user-points/search-users?search=a', s.headers)).statusCode).toBe(403);
    expect((await loyalty(t, 'GET', '/user-points/search-users?search=a', {})).statusCode).toBe(401);
  });
});

describe('GET /loyalty/v1/export/ledger', () => {
  it('should stream the filtered ledger as CSV with the exact name, columns, quoting and formula guard', async () => {
    const r = await loyalty(
      t,
      'GET',
      `/export/ledger?user_id=${bob.id}&date_from=2026-03-03&date_to=2026-03-03`,
      headers,
    );
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe('attachment; filename="loyalty-ledger-2026-03-03.csv"');
    const lines = r.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,user_id,display_name,user_email,transaction_type,amount,reference_type,reference_id,description,expires_at,created_at',
    );
    expect(r.body).toContain(
      `,bob,bob@example.org,debit,1.00,admin,${admin.id},"a ""quoted"", reason\nnew line",,2026-03-03 00:00:00`,
    );
    expect(r.body).toContain(
      `,credit,1000.00,admin,${admin.id},"'=HYPERLINK(""http://evil"")",,2026-03-03 00:00:00`,
    );
    const ledger = await loyalty(
      t,
      'GET',
      `/ledger?user_id=${bob.id}&date_from=2026-03-03&date_to=2026-03-03`,
      headers,
    );
    expect(r.body.trimEnd().split('\r\n')).toHaveLength(1 + Number(ledger.headers['x-wp-total']));
  });

  it('should write hundredths as points with two decimals and the expiry of expiring credits', async () => {
    const carol = await t.createUser({ username: 'carol', email: 'carol@example.net' });
    await recordEntry(t.ctx.db, clock, {
      userId: carol.id,
      type: 'credit',
      amount: 1205,
      referenceType: 'order',
      referenceId: 77,
      description: 'order 77',
      expiresAt: '2027-03-03 00:00:00',
    });
    await recordEntry(t.ctx.db, clock, {
      userId: carol.id,
      type: 'debit',
      amount: 7,
      referenceType: 'admin',
      referenceId: 1,
      description: '-7 cents',
    });
    const r = await loyalty(t, 'GET', `/export/ledger?user_id=${carol.id}`, headers);
    const lines = r.body.trimEnd().split('\r\n').slice(1);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d+,${carol.id},carol,carol@example.net,debit,0\\.07,admin,1,'-7 cents,,2026-03-03 00:00:00$`,
      ),
    );
    expect(lines[0]).toMatch(
      new RegExp(
        `^\\d+,${carol.id},carol,carol@example.net,credit,12\\.05,order,77,order 77,2027-03-03 00:00:00,2026-03-03 00:00:00$`,
      ),
    );
  });

  it('should page through more entries than one batch, oldest first, ties by id, each once', async () => {
    const dave = await t.createUser({ username: 'dave', email: 'dave@example.net' });
    // 1,203 entries over three seconds: batches of 500 end inside runs of equal times.
    for (let i = 0; i < 1203; i++) {
      if (i % 401 === 0) clock.advance(1000);
      await recordEntry(t.ctx.db, clock, {
        userId: dave.id,
        type: 'credit',
        amount: 100,
        referenceType: 'admin',
        referenceId: 1,
        description: `n${i}`,
      });
    }
    headers = (await t.login(admin)).headers;
    const r = await loyalty(t, 'GET', `/export/ledger?user_id=${dave.id}`, headers);
    const rows = r.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(rows).toHaveLength(1203);
    const keys = rows.map((cells) => `${cells[10]}|${cells[0]!.padStart(10, '0')}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(rows.map((cells) => cells[8])).size).toBe(1203);
  });

  it('should export everything oldest first without pagination', async () => {
    const r = await loyalty(t, 'GET', '/export/ledger', headers);
    const ids = r.body
      .split('\r\n')
      .slice(1)
      .filter((l) => /^\d+,/.test(l))
      .map((l) => Number(l.split(',')[0]));
    const total = Number((await loyalty(t, 'GET', '/ledger', headers)).headers['x-wp-total']);
    expect(ids).toHaveLength(total);
  });

  it('should refuse bad filters with 422, customers with 403 and no nonce with 401', async () => {
    expect((await loyalty(t, 'GET', '/export/ledger?date_to=yesterday', headers)).statusCode).toBe(422);
    const s = await t.login(bob);
    expect((await loyalty(t, 'GET', '/export/ledger', s.headers)).statusCode).toBe(403);
    expect((await loyalty(t, 'GET', '/export/ledger', {})).statusCode).toBe(401);
  });
});
