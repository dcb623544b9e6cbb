import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectApiChannel, createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

let v: VideosTestApp;
let videoIds: string[];

beforeAll(async () => {
  v = await createVideosTestApp();
  await connectApiChannel(v, 8);
  await v.api('GET', '/videos/v1/videoplatform/sync-library');
  videoIds = (await v.api('GET', '/videos/v1/videoplatform/videos?sort=date_asc'))
    .json()
    .videos.map((x: { id: string }) => x.id);
});
afterAll(() => v.close());

describe('GET /videos/v1/products', () => {
  it('should find published products by name or SKU, 20 per page, with their videos and totals', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 22; i++)
      ids.push(await v.product({ name: `Tripod ${String(i).padStart(2, '0')}`, sku: `TRI-${i}` }));
    await v.product({ name: 'Tripod hidden', status: 'draft' });
    await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [ids[0]],
      video_ids: [videoIds[0], videoIds[1]],
    });
    const r = await v.api('GET', '/videos/v1/products?search=tripod');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ total_items: 22, total_pages: 2, current_page: 1 });
    expect(body.products).toHaveLength(20);
    expect(r.headers['x-wp-total']).toBe('22');
    const first = body.products.find((p: { id: number }) => p.id === ids[0]);
    expect(first.video_count).toBe(2);
    expect(first.assigned_videos.map((x: { id: string }) => x.id)).toEqual([videoIds[0], videoIds[1]]);
    const page2 = (await v.api('GET', '/videos/v1/products?search=tripod&page=2')).json();
    expect(page2.products).toHaveLength(2);
    const bySku = (await v.api('GET', '/videos/v1/products?search=TRI-21')).json();
    expect(bySku.products.map((p: { sku: string }) => p.sku)).toEqual(['TRI-21']);
  });

  it('should refuse 401, 403 and a bad page', async () => {
    expect((await v.api('GET', '/videos/v1/products', undefined, {})).statusCode).toBe(401);
    expect((await v.api('GET', '/videos/v1/products', undefined, v.customer)).statusCode).toBe(403);
    expect((await v.api('GET', '/videos/v1/products?page=0')).statusCode).toBe(400);
  });
});

describe('POST /videos/v1/products/bulk-assign', () => {
  it('should append missing videos in the given order and report updated and skipped products', async () => {
    const a = await v.product();
    const b = await v.product();
    await v.api('POST', '/videos/v1/products/bulk-assign', { product_ids: [a], video_ids: [videoIds[2]] });
    const r = await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [a, b, 999_999],
      video_ids: [videoIds[3], { id: videoIds[2] }, videoIds[4]],
      action: 'assign',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      success: true,
      updated: [
        { product_id: a, video_ids: [videoIds[2], videoIds[3], videoIds[4]] },
        { product_id: b, video_ids: [videoIds[3], videoIds[2], videoIds[4]] },
      ],
      skipped: [{ product_id: 999_999, reason: 'product_not_found' }],
    });
    const again = await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [a],
      video_ids: [videoIds[3]],
    });
    expect(again.json()).toMatchObject({
      updated: [],
      skipped: [{ product_id: a, reason: 'already_assigned' }],
    });
  });

  it('should remove videos and skip products that did not have them', async () => {
    const a = await v.product();
    const b = await v.product();
    await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [a],
      video_ids: [videoIds[0], videoIds[1]],
    });
    const r = await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [a, b],
      video_ids: [videoIds[0]],
      action: 'remove',
    });
    expect(r.json()).toMatchObject({
      updated: [{ product_id: a, video_ids: [videoIds[1]] }],
      skipped: [{ product_id: b, reason: 'not_assigned' }],
    });
  });

  it('should validate ids, the action, and that videos are in the library', async () => {
    const a = await v.product();
    const badId = await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [a],
      video_ids: ['short'],
    });
    expect(badId.statusCode).toBe(400);
    const badAction = await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [a],
      video_ids: [videoIds[0]],
      action: 'replace',
    });
    expect(badAction.statusCode).toBe(400);
    const empty = await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [],
      video_ids: [videoIds[0]],
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [a],
      video_ids: ['AAAAAAAAAAA'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.errors.video_ids.exists).toContain('AAAAAAAAAAA');
  });

  it('should refuse 401 and 403', async () => {
    const body = { product_ids: [1], video_ids: [videoIds[0]] };
    expect((await v.api('POST', '/videos/v1/products/bulk-assign', body, {})).statusCode).toBe(401);
    expect((await v.api('POST', '/videos/v1/products/bulk-assign', body, v.customer)).statusCode).toBe(403);
  });
});

describe('POST /videos/v1/products/video-order', () => {
  it('should store a permutation as the gallery order', async () => {
    const a = await v.product({ name: 'Ordered Lens' });
    await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [a],
      video_ids: videoIds.slice(0, 3),
    });
    const order = [videoIds[2], videoIds[0], videoIds[1]];
    const r = await v.api('POST', '/videos/v1/products/video-order', { product_id: a, video_order: order });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ success: true, product_id: a, video_order: order });
    const [found] = (await v.api('GET', '/videos/v1/products?search=ordered%20lens')).json().products;
    expect(found.assigned_videos.map((x: { id: string }) => x.id)).toEqual(order);
  });

  it('should refuse anything but a permutation with 400 and an unknown product with 404', async () => {
    const a = await v.product();
    await v.api('POST', '/videos/v1/products/bulk-assign', {
      product_ids: [a],
      video_ids: videoIds.slice(0, 2),
    });
    for (const video_order of [
      [videoIds[0]],
      [videoIds[0], videoIds[0]],
      [videoIds[0], videoIds[5]],
      [...videoIds.slice(0, 2), videoIds[3]],
    ]) {
      const r = await v.api('POST', '/videos/v1/products/video-order', { product_id: a, video_order });
      expect(r.statusCode).toBe(400);
      expect(r.json().data.errors.video_order.permutation).toBeTruthy();
    }
    const missing = await v.api('POST', '/videos/v1/products/video-order', {
      product_id: 999_999,
      video_order: [],
    });
    expect(missing.statusCode).toBe(404);
    const bad = await v.api('POST', '/videos/v1/products/video-order', { product_id: 'x', video_order: [] });
    expect(bad.statusCode).toBe(400);
  });

  it('should refuse 401 and 403', async () => {
    const body = { product_id: 1, video_order: [] };
    expect((await v.api('POST', '/videos/v1/products/video-order', body, {})).statusCode).toBe(401);
    expect((await v.api('POST', '/videos/v1/products/video-order', body, v.customer)).statusCode).toBe(403);
  });
});
