import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceLibrary } from '../../src/extensions/videos/library/library.repository.js';
import { holdNextCall } from '../helpers/hold-call.js';
import { connectApiChannel, createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

let v: VideosTestApp;
let apiKey: string;

beforeAll(async () => {
  v = await createVideosTestApp();
  ({ apiKey } = await connectApiChannel(v, 120));
});
afterAll(() => v.close());

describe('GET /videos/v1/videoplatform/sync-library', () => {
  it('should page the whole uploads playlist, fetch durations and views, and count quota units', async () => {
    const before = v.youtube.unitsUsed(apiKey);
    const r = await v.api('GET', '/videos/v1/videoplatform/sync-library');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ success: true, video_count: 120, added: 120, removed: 0, quota_units: 7 });
    expect(body.channel.channel_id).toMatch(/^UC/);
    expect(v.youtube.unitsUsed(apiKey) - before).toBe(7); // 1 channels + 3 playlistItems + 3 videos
    const status = (await v.api('GET', '/videos/v1/videoplatform/sync-library-status')).json();
    expect(status).toMatchObject({
      status: 'idle',
      library_size: 120,
      last_error: null,
      quota_units_last_run: 7,
    });
    expect(status.last_sync_time).toBeGreaterThan(0);
    expect(status.quota_used_today).toBeGreaterThanOrEqual(8);
  });

  it('should refuse a second sync while one runs with 409', async () => {
    v.youtube.slowMs = 300;
    v.youtube.inject('slow');
    const [a, b] = await Promise.all([
      v.api('GET', '/videos/v1/videoplatform/sync-library'),
      new Promise((r) => setTimeout(r, 100)).then(() =>
        v.api('GET', '/videos/v1/videoplatform/sync-library'),
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(b.json().code).toBe('videos_sync_running');
  });

  it('should answer 409 videos_reconnect_required when the stored key is deleted, and record the failure', async () => {
    v.youtube.apiKeys.delete(apiKey);
    try {
      const r = await v.api('GET', '/videos/v1/videoplatform/sync-library');
      expect([r.statusCode, r.json().code]).toEqual([409, 'videos_reconnect_required']);
      const status = (await v.api('GET', '/videos/v1/videoplatform/sync-library-status')).json();
      expect(status).toMatchObject({
        status: 'failed',
        last_error: { code: 'videos_reconnect_required' },
        library_size: 120,
      });
      expect(status.connection_status).toBe('failed');
    } finally {
      v.youtube.apiKeys.set(apiKey, 'project-1');
    }
  });

  it('should answer 429 with Retry-After when the quota runs out and 502 when the platform times out', async () => {
    v.youtube.inject('quotaExceeded');
    const quota = await v.api('GET', '/videos/v1/videoplatform/sync-library');
    expect([quota.statusCode, quota.json().code]).toEqual([429, 'videos_quota_exceeded']);
    expect(Number(quota.headers['retry-after'])).toBeGreaterThan(0);
    v.youtube.inject('backendError', 3);
    const down = await v.api('GET', '/videos/v1/videoplatform/sync-library');
    expect([down.statusCode, down.json().code]).toEqual([502, 'videos_upstream_error']);
    v.youtube.slowMs = 700;
    v.youtube.inject('slow', 3);
    const slow = await v.api('GET', '/videos/v1/videoplatform/sync-library');
    expect([slow.statusCode, slow.json().code, slow.json().data.reason]).toEqual([
      502,
      'videos_upstream_error',
      'network',
    ]);
  });

  it('should refuse a sync that would pass the daily quota budget without calling the platform', async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(v.clock.now());
    const row = await v.t.ctx.db
      .selectFrom('videos_quota_usage')
      .selectAll()
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    await v.t.ctx.db
      .updateTable('videos_quota_usage')
      .set({ units: 10_000 })
      .where('day', '=', day)
      .execute();
    const calls = v.youtube.calls.length;
    try {
      const r = await v.api('GET', '/videos/v1/videoplatform/sync-library');
      expect([r.statusCode, r.json().code, r.json().data.reason]).toEqual([
        429,
        'videos_quota_exceeded',
        'localBudget',
      ]);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(v.youtube.calls.length).toBe(calls);
    } finally {
      await v.t.ctx.db
        .updateTable('videos_quota_usage')
        .set({ units: row.units })
        .where('day', '=', day)
        .execute();
    }
  });

  it('should answer 400 videos_not_configured before any connection', async () => {
    await v.api('DELETE', '/videos/v1/settings/delete-all-data');
    const r = await v.api('GET', '/videos/v1/videoplatform/sync-library');
    expect([r.statusCode, r.json().code]).toEqual([400, 'videos_not_configured']);
    ({ apiKey } = await connectApiChannel(v, 120));
    expect((await v.api('GET', '/videos/v1/videoplatform/sync-library')).statusCode).toBe(200);
  });

  it('should refuse 401 and 403 on both sync routes', async () => {
    for (const path of [
      '/videos/v1/videoplatform/sync-library',
      '/videos/v1/videoplatform/sync-library-status',
    ]) {
      expect((await v.api('GET', path, undefined, {})).statusCode).toBe(401);
      expect((await v.api('GET', path, undefined, v.customer)).statusCode).toBe(403);
    }
  });

  it('should never call the platform for the status', async () => {
    // Requests abandoned by the earlier timeout test still finish (and are counted) inside the fake: let them.
    await new Promise((r) => setTimeout(r, v.youtube.slowMs + 100));
    const calls = v.youtube.calls.length;
    expect((await v.api('GET', '/videos/v1/videoplatform/sync-library-status')).statusCode).toBe(200);
    expect(v.youtube.calls.length).toBe(calls);
  });
});

describe('GET /videos/v1/videoplatform/videos', () => {
  const list = async (query: string) => {
    const r = await v.api('GET', `/videos/v1/videoplatform/videos${query}`);
    expect(r.statusCode).toBe(200);
    return r.json();
  };
  const walk = async (query: string) => {
    const ids: string[] = [];
    const titles: string[] = [];
    const views: number[] = [];
    const dates: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const sep = query ? '&' : '?';
      const page = await list(`${query}${token ? `${sep}page_token=${encodeURIComponent(token)}` : ''}`);
      for (const video of page.videos) {
        ids.push(video.id);
        titles.push(video.title.toLowerCase());
        views.push(video.view_count);
        dates.push(video.published_at);
      }
      token = page.next_page_token;
      pages++;
    } while (token && pages < 10);
    return { ids, titles, views, dates, pages };
  };

  it('should list 50 per page, newest first by default, with durations and views', async () => {
    const page = await list('');
    expect(page.total).toBe(120);
    expect(page.videos).toHaveLength(50);
    expect(page.next_page_token).toEqual(expect.any(String));
    const first = page.videos[0];
    expect(first).toMatchObject({ is_assigned: false, assigned_count: 0, products: [] });
    expect(first.duration).toMatch(/^PT/);
    expect(first.duration_seconds).toBeGreaterThan(0);
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });

  it('should walk every video exactly once with page tokens, in a true sort over the whole library', async () => {
    const byDate = await walk('');
    expect(byDate.ids).toHaveLength(120);
    expect(new Set(byDate.ids).size).toBe(120);
    expect(byDate.pages).toBe(3);
    expect([...byDate.dates].sort().reverse()).toEqual(byDate.dates);
    const asc = await walk('?sort=date_asc');
    expect(asc.ids).toEqual([...byDate.ids].reverse());
    const titles = await walk('?sort=title_asc');
    expect(titles.titles).toEqual([...titles.titles].sort());
    const desc = await walk('?sort=title_desc');
    expect(desc.titles).toEqual([...titles.titles].reverse());
    const views = await walk('?sort=view_count');
    expect(views.views).toEqual([...views.views].sort((a, b) => b - a));
  });

  it('should search titles case-insensitively over the whole library', async () => {
    const all = await walk('');
    const expected = all.titles.filter((t) => t.includes('review')).length;
    const page = await list('?search=REVIEW&sort=title_asc');
    expect(page.total).toBe(expected);
    expect(
      page.videos.every((video: { title: string }) => video.title.toLowerCase().includes('review')),
    ).toBe(true);
    expect((await list('?search=%25')).total).toBe(0);
  });

  it('should refuse a page token of another sort or search with 400', async () => {
    const page = await list('');
    const r = await v.api(
      'GET',
      `/videos/v1/videoplatform/videos?sort=title_asc&page_token=${page.next_page_token}`,
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().data.params.page_token).toBeTruthy();
    expect((await v.api('GET', '/videos/v1/videoplatform/videos?page_token=garbage!')).statusCode).toBe(400);
    expect((await v.api('GET', '/videos/v1/videoplatform/videos?sort=popular')).statusCode).toBe(400);
  });

  it('should show assigned products with each video', async () => {
    const productId = await v.product({ name: 'Camera X' });
    const page = await list('');
    const id = page.videos[0].id;
    const assign = await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [productId],
      video_ids: [id],
    });
    expect(assign.statusCode).toBe(200);
    const after = await list('');
    expect(after.videos[0]).toMatchObject({
      id,
      is_assigned: true,
      assigned_count: 1,
      products: [{ id: productId, name: 'Camera X' }],
    });
  });

  it('should not keep a page whose assignments were read before an assignment made meanwhile', async () => {
    const first = await v.product({ name: 'Lens A' });
    const second = await v.product({ name: 'Lens B' });
    const id = (await list('')).videos[2].id;
    const assign = (productId: number) =>
      v.api('POST', '/videos/v1/products/bulk-assign', { product_ids: [productId], video_ids: [id] });
    await assign(first);
    const held = holdNextCall(v.t.ctx.shop, 'getProducts');
    const inFlight = list('');
    await held.reached;
    await assign(second);
    expect((await list('')).videos[2].assigned_count).toBe(2);
    held.release();
    expect((await inFlight).videos[2].assigned_count).toBe(1);
    expect((await list('')).videos[2].assigned_count).toBe(2);
  });

  it('should honour _fields on the listing', async () => {
    const r = await v.api('GET', '/videos/v1/videoplatform/videos?_fields=total,next_page_token');
    expect(Object.keys(r.json()).sort()).toEqual(['next_page_token', 'total']);
  });

  it('should notice a library changed by another instance (data versions in the database) at its next request', async () => {
    const before = await list('');
    const rows = await v.t.ctx.db.selectFrom('videos_library').selectAll().execute();
    await v.t.ctx.db.transaction().execute((trx) => replaceLibrary(trx, rows.slice(0, 7)));
    expect((await list('')).total).toBe(7);
    await v.t.ctx.db.transaction().execute((trx) => replaceLibrary(trx, rows));
    expect((await list('')).total).toBe(before.total);
  });

  it('should refuse 401 and 403', async () => {
    expect((await v.api('GET', '/videos/v1/videoplatform/videos', undefined, {})).statusCode).toBe(401);
    expect((await v.api('GET', '/videos/v1/videoplatform/videos', undefined, v.customer)).statusCode).toBe(
      403,
    );
  });
});

describe('GET /videos/v1/videoplatform/videos through the replay lane (listening server)', () => {
  let base = '';
  beforeAll(async () => {
    await v.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(v.t.app.server.address() as { port: number }).port}`;
  });
  const fetchList = async () => {
    const before = v.t.app.replayLane.replayed;
    const r = await fetch(`${base}/wp-json/videos/v1/videoplatform/videos`, { headers: v.admin });
    expect(r.status).toBe(200);
    const page = (await r.json()) as { videos: Array<{ id: string; products: unknown[] }>; total: number };
    return { page, replayed: v.t.app.replayLane.replayed > before };
  };

  it('should replay a repeated listing, and show an assignment made here at once', async () => {
    await fetchList();
    const again = await fetchList();
    expect(again.replayed).toBe(true);
    const id = again.page.videos[1].id;
    const productId = await v.product({ name: 'Tripod Z' });
    await v.api('POST', '/videos/v1/products/bulk-assign', { product_ids: [productId], video_ids: [id] });
    const after = await fetchList();
    expect(after.replayed).toBe(false);
    expect(after.page.videos[1].products).toContainEqual({ id: productId, name: 'Tripod Z' });
  });

  it('should notice a library changed by another instance at its next request', async () => {
    const before = await fetchList();
    await fetchList();
    const rows = await v.t.ctx.db.selectFrom('videos_library').selectAll().execute();
    await v.t.ctx.db.transaction().execute((trx) => replaceLibrary(trx, rows.slice(0, 5)));
    expect((await fetchList()).page.total).toBe(5);
    await v.t.ctx.db.transaction().execute((trx) => replaceLibrary(trx, rows));
    expect((await fetchList()).page.total).toBe(before.page.total);
  });
});
