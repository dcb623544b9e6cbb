import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

// The storefront's public answers through the replay lane (a listening server: app.inject skips the lane).
const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
let h: PtTestApp;
let base: string;
let tableId: number;
beforeAll(async () => {
  h = await createPtTestApp({ clock });
  await h.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.t.app.server.address() as { port: number }).port}`;
  await h.product({ name: 'First product', regular_price: '10.00' });
  tableId = (
    await h.api('POST', '/tables', {
      data: { title: 'Replayed', columns: [{ id: 'name', type: 'name', heading: 'Name' }] },
    })
  ).json().id;
});
afterAll(async () => h.t.close());

const lane = () => h.t.app.replayLane;

async function get(path: string, headers: Record<string, string> = {}) {
  const before = lane().replayed;
  const response = await fetch(`${base}${path}`, { headers });
  const body = await response.text();
  return { status: response.status, body, replayed: lane().replayed > before };
}

const renderPath = () => `/wp-json/producttables/v1/render/${tableId}`;

describe('storefront answers through the replay lane', () => {
  it('should replay the public render while the rendering is cached, then show catalog changes', async () => {
    const first = await get(renderPath());
    const second = await get(renderPath());
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...first, replayed: true });
    expect(JSON.parse(second.body).total).toBe(1);
    await h.product({ name: 'Second product', regular_price: '10.00' });
    expect(JSON.parse((await get(renderPath())).body).total).toBe(1); // render_cache_seconds: 5
    clock.advance(5_000);
    const later = await get(renderPath());
    expect(later.replayed).toBe(false);
    expect(JSON.parse(later.body).total).toBe(2);
  });

  it('should show a table change at once instead of the replayed rendering', async () => {
    await get(renderPath());
    expect((await get(renderPath())).replayed).toBe(true);
    await h.api('POST', '/tables', {
      data: { id: tableId, columns: [{ id: 'n2', type: 'name', heading: 'Renamed' }] },
    });
    const after = await get(renderPath());
    expect(after.replayed).toBe(false);
    expect(JSON.parse(after.body).html).toContain('data-label="Renamed"');
  });

  it('should 404 at once when the table is unpublished', async () => {
    await get(renderPath());
    expect((await get(renderPath())).replayed).toBe(true);
    await h.api('POST', '/tables', { data: { id: tableId, status: 'draft' } });
    expect((await get(renderPath())).status).toBe(404);
    await h.api('POST', '/tables', { data: { id: tableId, status: 'publish' } });
  });

  it('should refuse wrong credentials every time, and replay to valid ones only as their cached principal', async () => {
    const auth = { authorization: `Basic ${Buffer.from('nobody:wrong').toString('base64')}` };
    expect((await get(renderPath(), auth)).status).toBe(401);
    expect((await get(renderPath(), auth)).status).toBe(401);
    const good = await h.t.appPasswordHeader(await h.t.createUser({ role: 'customer' }));
    await get(renderPath(), good);
    expect((await get(renderPath(), good)).replayed).toBe(true);
  });

  it('should replay the public page to visitors without cookies only, and never a page with a query string', async () => {
    const page = `/product-table/${tableId}`;
    await get(page);
    const again = await get(page);
    expect(again.status).toBe(200);
    expect(again.replayed).toBe(true);
    await get(page, { cookie: 'something=1' });
    expect((await get(page, { cookie: 'something=1' })).replayed).toBe(false);
    await get(`${page}?s=first`);
    expect((await get(`${page}?s=first`)).replayed).toBe(false);
  });

  it('should answer the page through Fastify again when the nonce tick changes (a new Store API nonce)', async () => {
    const page = `/product-table/${tableId}`;
    await get(page);
    const before = await get(page);
    expect(before.replayed).toBe(true);
    clock.advance(12 * 3600 * 1000);
    const after = await get(page);
    expect(after.replayed).toBe(false);
    expect(after.body).not.toBe(before.body);
  });
});
