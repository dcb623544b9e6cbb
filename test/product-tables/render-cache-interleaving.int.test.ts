import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_OPTION } from '../../src/extensions/product-tables/settings/settings.store.js';
import { ManualClock } from '../../src/platform/clock.js';
import { holdNextCall } from '../helpers/hold-call.js';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

// A storefront request reads the table, the settings or the catalogue page while an administrator changes them:
// what it read before the change must not be stored after it (the clock stands still: nothing expires here).
const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
let h: PtTestApp;
let tableId: number;
beforeAll(async () => {
  h = await createPtTestApp({ clock });
  await h.product({ name: 'First product', regular_price: '10.00' });
  tableId = (
    await h.api('POST', '/tables', {
      data: { title: 'Raced', columns: [{ id: 'b', type: 'button', heading: 'Buy' }] },
    })
  ).json().id;
});
afterAll(async () => h.t.close());

const render = () => h.t.app.inject({ method: 'GET', url: `/wp-json/producttables/v1/render/${tableId}` });
const saveTable = async (data: Record<string, unknown>) =>
  expect((await h.api('POST', '/tables', { data: { id: tableId, ...data } })).statusCode).toBe(200);
const saveSettings = async (settings: Record<string, unknown>) =>
  expect((await h.api('POST', '/settings', { settings })).statusCode).toBe(200);
const isSettings = (name: unknown) => name === SETTINGS_OPTION;

describe('render caches across a change made while a read is in flight', () => {
  it('should stop serving a table unpublished while it was being read', async () => {
    await saveTable({ status: 'publish' });
    const held = holdNextCall(h.t.ctx.options, 'get', isSettings);
    const inFlight = render();
    await held.reached;
    await saveTable({ status: 'private' });
    held.release();
    await inFlight;
    expect((await render()).statusCode).toBe(404);
    expect((await h.t.app.inject({ method: 'GET', url: `/product-table/${tableId}` })).statusCode).toBe(404);
  });

  it('should show settings changed while they were being read', async () => {
    await saveTable({ status: 'publish' });
    await saveSettings({ add_to_cart_text: 'Old text' });
    const held = holdNextCall(h.t.ctx.options, 'get', isSettings);
    const inFlight = render();
    await held.reached;
    await saveSettings({ add_to_cart_text: 'New text' });
    held.release();
    await inFlight;
    expect((await render()).json().html).toContain('>New text</button>');
  });

  it('should not keep a catalogue page read before render_cache_seconds became 0', async () => {
    await saveSettings({ render_cache_seconds: 5 });
    const before = (await render()).json().total;
    await saveTable({ title: 'Raced again' });
    const held = holdNextCall(h.t.ctx.shop, 'searchProducts');
    const inFlight = render();
    await held.reached;
    await h.product({ name: 'Product added meanwhile', regular_price: '10.00' });
    await saveSettings({ render_cache_seconds: 0 });
    held.release();
    expect((await inFlight).json().total).toBe(before);
    expect((await render()).json().total).toBe(before + 1);
  });
});
