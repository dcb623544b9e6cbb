import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videosExtension } from '../../src/extensions/videos/videos.extension.js';
import { connectApiChannel, createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

let v: VideosTestApp;
let ids: string[];
let product: number;

beforeAll(async () => {
  v = await createVideosTestApp();
  await connectApiChannel(v, 6);
  await v.api('GET', '/videos/v1/videoplatform/sync-library');
  ids = (await v.api('GET', '/videos/v1/videoplatform/videos?sort=date_asc'))
    .json()
    .videos.map((x: { id: string }) => x.id);
  product = await v.product({ name: 'Gallery Product' });
  await v.api('POST', '/videos/v1/products/bulk-assign', {
    product_ids: [product],
    video_ids: [ids[3], ids[1], ids[5]],
  });
});
afterAll(() => v.close());

const storeProduct = async () => {
  const r = await v.t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${product}` });
  expect(r.statusCode).toBe(200);
  return r.json().extensions.videos;
};

describe('Store API product extensions.videos', () => {
  it('should give anonymous visitors the ordered gallery with embed URLs and VideoObject JSON-LD', async () => {
    const gallery = await storeProduct();
    expect(gallery).toMatchObject({ position: 'first', privacy_mode: false, show_controls: true });
    expect(gallery.videos.map((x: { id: string }) => x.id)).toEqual([ids[3], ids[1], ids[5]]);
    expect(gallery.videos[0].embed_url).toBe(`https://www.youtube.com/embed/${ids[3]}?rel=0`);
    expect(gallery.videos[0].duration).toMatch(/^PT/);
    expect(gallery.json_ld[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      embedUrl: gallery.videos[0].embed_url,
      duration: gallery.videos[0].duration,
      thumbnailUrl: [gallery.videos[0].thumbnail_url],
    });
    expect(gallery.json_ld[0].uploadDate).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('should honour privacy_mode, show_controls, video_position, max_videos and the stored order', async () => {
    await v.api('POST', '/videos/v1/settings', {
      privacy_mode: true,
      show_controls: false,
      video_position: 'last',
      max_videos: 2,
    });
    await v.api('POST', '/videos/v1/products/video-order', {
      product_id: product,
      video_order: [ids[5], ids[3], ids[1]],
    });
    const gallery = await storeProduct();
    expect(gallery.position).toBe('last');
    expect(gallery.videos.map((x: { id: string }) => x.id)).toEqual([ids[5], ids[3]]);
    expect(gallery.videos[0].embed_url).toBe(
      `https://www.youtube-nocookie.com/embed/${ids[5]}?rel=0&controls=0`,
    );
    expect(gallery.json_ld).toHaveLength(2);
  });

  it('should give an empty gallery to a product without videos', async () => {
    const other = await v.product();
    const r = await v.t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${other}` });
    expect(r.json().extensions.videos).toMatchObject({ videos: [], json_ld: [] });
  });
});

describe('auto sync job', () => {
  it('should sync when the library is older than cache_duration (capped at a day) and auto_sync is on', async () => {
    // Hours pass here, so nonces expire: read and write through the services the routes use.
    const s = v.t.services(videosExtension);
    const run = async () => {
      await v.t.ctx.jobs.schedule({ hook: 'videos.auto_sync' });
      await v.t.ctx.jobs.runDue();
      return (await s.sync.status()).last_sync_time;
    };
    await s.settings.save({ cache_duration: 168, auto_sync: true });
    const before = (await s.sync.status()).last_sync_time;
    v.clock.advance(2 * 3600 * 1000);
    expect(await run()).toBe(before);
    v.clock.advance(23 * 3600 * 1000);
    const after = await run();
    expect(after).toBeGreaterThan(before);
    await s.settings.save({ auto_sync: false });
    v.clock.advance(48 * 3600 * 1000);
    expect(await run()).toBe(after);
  });
});
