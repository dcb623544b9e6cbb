import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STOREFRONT_TOPICS } from '../../src/extensions/product-tables/storefront/render.service.js';
import { ManualClock } from '../../src/platform/clock.js';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
let h: PtTestApp;
let tableId: number;
beforeAll(async () => {
  h = await createPtTestApp({ clock });
  await h.product({ name: 'First product', regular_price: '10.00' });
  tableId = (
    await h.api('POST', '/tables', {
      data: {
        title: 'Cached',
        columns: [
          { id: 'name', type: 'name', heading: 'Name' },
          { id: 'm', type: 'sku', heading: 'SKU', advanced: { visibility: 'mobile' } },
          { id: 'gone', type: 'price', heading: 'Hidden', advanced: { visibility: 'none' } },
        ],
      },
    })
  ).json().id;
});
afterAll(async () => h.t.close());

const rows = async () =>
  (await h.t.app.inject({ method: 'GET', url: `/wp-json/producttables/v1/render/${tableId}` })).json();

/** Waits until this process has seen its own last write committed (until then its caches are skipped). */
const settled = () => vi.waitFor(() => expect(h.t.ctx.versions.stamp(STOREFRONT_TOPICS)).not.toBeNull());

/** Counts the catalogue queries made from now on. */
function catalogReads(): { count: () => number; restore: () => void } {
  const spy = vi.spyOn(h.t.ctx.shop, 'searchProducts');
  return { count: () => spy.mock.calls.length, restore: () => spy.mockRestore() };
}

describe('render cache', () => {
  it('should reuse a rendering while nothing changes, show catalog changes at once, and keep it render_cache_seconds at most', async () => {
    const reads = catalogReads();
    await settled();
    expect((await rows()).total).toBe(1);
    const first = reads.count();
    expect((await rows()).total).toBe(1);
    expect(reads.count()).toBe(first);
    await h.product({ name: 'Second product', regular_price: '10.00' });
    expect((await rows()).total).toBe(2);
    await settled();
    await rows();
    const cached = reads.count();
    await rows();
    expect(reads.count()).toBe(cached);
    clock.advance(5_000);
    expect((await rows()).total).toBe(2);
    expect(reads.count()).toBe(cached + 1);
    reads.restore();
  });

  it('should show a table change at once', async () => {
    await rows();
    await h.api('POST', '/tables', {
      data: { id: tableId, columns: [{ id: 'n2', type: 'name', heading: 'Renamed' }] },
    });
    expect((await rows()).html).toContain('data-label="Renamed"');
  });

  it('should show a settings change at once, and never cache with render_cache_seconds 0', async () => {
    await h.api('POST', '/settings', { settings: { render_cache_seconds: 0, add_to_cart_text: 'Grab it' } });
    await h.api('POST', '/tables', {
      data: { id: tableId, columns: [{ id: 'b', type: 'button', heading: 'Buy' }] },
    });
    expect((await rows()).html).toContain('>Grab it</button>');
    await h.product({ name: 'Third product', regular_price: '10.00' });
    expect((await rows()).total).toBe(3);
  });

  it('should hide columns with visibility none and mark the others with their visibility class', async () => {
    await h.api('POST', '/tables', {
      data: {
        id: tableId,
        columns: [
          { id: 'name', type: 'name', heading: 'Name' },
          { id: 'm', type: 'sku', heading: 'SKU', advanced: { visibility: 'mobile' } },
          { id: 'gone', type: 'price', heading: 'Hidden', advanced: { visibility: 'none' } },
        ],
      },
    });
    const html = (await rows()).html;
    expect(html).toContain('<td class="producttables-col-m producttables-vis-mobile" data-label="SKU">');
    expect(html).toContain('<td class="producttables-col-name" data-label="Name">');
    expect(html).not.toContain('Hidden');
  });

  it('should stop serving a table at once when it is unpublished', async () => {
    expect((await h.t.app.inject({ method: 'GET', url: `/product-table/${tableId}` })).statusCode).toBe(200);
    await h.api('POST', '/tables', { data: { id: tableId, status: 'private' } });
    expect((await h.t.app.inject({ method: 'GET', url: `/product-table/${tableId}` })).statusCode).toBe(404);
    const r = await h.t.app.inject({ method: 'GET', url: `/wp-json/producttables/v1/render/${tableId}` });
    expect(r.statusCode).toBe(404);
  });

  it('should show catalog changes in a preview at once, whatever the styles in between', async () => {
    const preview = async (bgColor: string) =>
      (await h.api('POST', '/preview', { data: { id: tableId, style: { header: { bgColor } } } })).json()
        .html;
    const count = (html: string) => html.match(/data-product-id=/g)?.length ?? 0;
    await h.api('POST', '/settings', { settings: { render_cache_seconds: 5 } });
    const before = count(await preview('#111111'));
    await h.product({ name: 'Product during preview', regular_price: '10.00' });
    const restyled = await preview('#222222');
    expect(restyled).toContain('background-color:#222222');
    expect(count(restyled)).toBe(before + 1);
    expect(count(await preview('#111111'))).toBe(before + 1);
  });

  it('should reuse the catalog page for a column edit until the catalog changes or render_cache_seconds pass', async () => {
    const preview = async (heading: string) =>
      (
        await h.api('POST', '/preview', {
          data: { id: tableId, columns: [{ id: 'name', type: 'name', heading }] },
        })
      ).json().html;
    const count = (html: string) => html.match(/data-product-id=/g)?.length ?? 0;
    const reads = catalogReads();
    await settled();
    const before = count(await preview('First heading'));
    const first = reads.count();
    const edited = await preview('Second heading');
    expect(edited).toContain('data-label="Second heading"');
    expect(count(edited)).toBe(before);
    expect(reads.count()).toBe(first);
    await h.product({ name: 'Product during column edits', regular_price: '10.00' });
    expect(count(await preview('Second heading'))).toBe(before + 1);
    await settled();
    await preview('Third heading');
    const cached = reads.count();
    await preview('Fourth heading');
    expect(reads.count()).toBe(cached);
    clock.advance(5_000);
    await preview('Fourth heading');
    expect(reads.count()).toBe(cached + 1);
    reads.restore();
  });
});
