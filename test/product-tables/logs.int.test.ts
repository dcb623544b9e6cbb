import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
let h: PtTestApp;
beforeAll(async () => {
  h = await createPtTestApp({ clock });
});
afterAll(async () => h.t.close());

describe('GET /logs', () => {
  it('should record who did what from where, newest first, with totals', async () => {
    await h.api(
      'POST',
      '/tables',
      { data: { title: 'Alpha' } },
      { ...h.admin, 'user-agent': 'TestAgent/1.0' },
    );
    clock.advance(1000);
    await h.api('POST', '/system/onboard');
    const r = await h.api('GET', '/logs');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ total: 2, page: 1, limit: 50, total_pages: 1 });
    expect(r.headers['x-wp-total']).toBe('2');
    expect(r.headers['x-wp-totalpages']).toBe('1');
    expect(body.entries[0]).toMatchObject({ level: 'info', title: 'Onboarding completed', user: 'boss' });
    expect(body.entries[1]).toEqual({
      id: expect.any(Number),
      time: '2026-03-01T10:00:00',
      level: 'success',
      title: 'Table created',
      details: expect.stringMatching(/^"Alpha" \(ID \d+\) created with 4 column\(s\)$/),
      user: 'boss',
      context: {
        ip: '127.0.0.1',
        method: 'POST',
        url: '/wp-json/producttables/v1/tables',
        user_agent: 'TestAgent/1.0',
      },
    });
  });

  it('should filter by level, user, search and date and page with limit', async () => {
    expect((await h.api('GET', '/logs?level=success')).json().total).toBe(1);
    expect((await h.api('GET', '/logs?user=boss')).json().total).toBe(2);
    expect((await h.api('GET', '/logs?user=nobody')).json().total).toBe(0);
    expect((await h.api('GET', '/logs?search=alpha')).json().total).toBe(1);
    expect((await h.api('GET', '/logs?date=2026-03-01')).json().total).toBe(2);
    expect((await h.api('GET', '/logs?date=2026-03-02')).json().total).toBe(0);
    const paged = (await h.api('GET', '/logs?limit=1&page=2')).json();
    expect(paged).toMatchObject({ total: 2, page: 2, limit: 1, total_pages: 2 });
    expect(paged.entries[0].title).toBe('Table created');
  });

  it('should refuse bad filters with 400', async () => {
    for (const q of ['limit=201', 'limit=0', 'level=debug', 'date=../../etc', 'date=2026-3-1', 'page=0'])
      expect((await h.api('GET', `/logs?${q}`)).statusCode, q).toBe(400);
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    for (const [m, p] of [
      ['GET', '/logs'],
      ['GET', '/logs/export'],
      ['POST', '/logs/clear'],
    ] as const) {
      expect((await h.api(m, p, undefined, {})).statusCode).toBe(401);
      expect((await h.api(m, p, undefined, h.customer)).statusCode).toBe(403);
    }
  });
});

describe('GET /logs/export', () => {
  it('should download every entry as CSV with formula cells neutralised', async () => {
    await h.api(
      'POST',
      '/tables',
      { data: { title: 'Beta, "quoted"' } },
      { ...h.admin, 'user-agent': '=HYPERLINK("http://x")' },
    );
    const r = await h.api('GET', '/logs/export');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="producttables-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = r.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,level,title,details,user,ip,method,url,user_agent');
    const beta = lines.find((l) => l.includes('Beta'))!;
    expect(beta).toContain('"""Beta, ""quoted"""" (ID');
    expect(beta.endsWith(`"'=HYPERLINK(""http://x"")"`)).toBe(true);
    expect(lines.at(-1)).toContain('Logs exported');
  });
});

describe('POST /logs/clear and retention', () => {
  it('should delete every entry and then record the clearing', async () => {
    const total = (await h.api('GET', '/logs')).json().total;
    const r = await h.api('POST', '/logs/clear');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ success: true, deleted: total });
    const after = (await h.api('GET', '/logs')).json();
    expect(after.total).toBe(1);
    expect(after.entries[0]).toMatchObject({ title: 'Logs cleared', details: `${total} entries deleted` });
  });

  it('should prune entries older than log_retention days in the daily job', async () => {
    await h.api('POST', '/settings', { settings: { log_retention: 2 } });
    clock.advance(3 * 86_400_000);
    await h.relogin();
    await h.api('POST', '/system/onboard');
    await h.t.ctx.jobs.runDue();
    const entries = (await h.api('GET', '/logs')).json().entries.map((e: { title: string }) => e.title);
    expect(entries).toContain('Onboarding completed');
    expect(entries).toContain('Logs pruned');
    expect(entries).not.toContain('Logs cleared');
    expect(entries).not.toContain('Settings updated');
  });

  it('should write nothing while logging is disabled', async () => {
    await h.api('POST', '/settings', { settings: { logging_enabled: false } });
    const before = (await h.api('GET', '/logs')).json().total;
    await h.api('POST', '/tables', { data: { title: 'Silent' } });
    expect((await h.api('GET', '/logs')).json().total).toBe(before);
  });
});
