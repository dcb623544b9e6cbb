import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectApiChannel, createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

let v: VideosTestApp;
let apiKey: string;

beforeAll(async () => {
  v = await createVideosTestApp();
  ({ apiKey } = await connectApiChannel(v, 5000));
});
afterAll(() => v.close());

describe('syncing a 5,000-video channel', () => {
  it('should take at most 5 s and 202 quota units', async () => {
    const before = v.youtube.unitsUsed(apiKey);
    const started = performance.now();
    const r = await v.api('GET', '/videos/v1/videoplatform/sync-library');
    const seconds = (performance.now() - started) / 1000;
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ video_count: 5000, quota_units: 201 });
    expect(v.youtube.unitsUsed(apiKey) - before).toBe(201);
    console.log(`videos: 5,000-video sync took ${seconds.toFixed(2)} s, 201 units`);
    expect(seconds).toBeLessThanOrEqual(5);
    const page = (await v.api('GET', '/videos/v1/videoplatform/videos?search=review&sort=view_count')).json();
    expect(page.videos).toHaveLength(50);
    expect(page.total).toBeGreaterThan(50);
  });
});
