import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, expectNoSeriousA11yViolations, launchBrowser } from '../helpers/browser.js';
import { connectApiChannel, createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

// A shopper on a product page with two assigned videos, in Chromium: the facades come in the gallery's order and
// nothing is fetched from YouTube's player until the first one is clicked. YouTube itself is never reached:
// every request to it is answered locally and recorded.
let v: VideosTestApp;
let base: string;
let browser: Browser;
let product: number;
let slug: string;
let videos: Array<{ id: string; title: string }>;

// A 1×1 grey PNG for the thumbnails.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mN8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
  'base64',
);
const YOUTUBE = /^https:\/\/(www\.youtube(-nocookie)?\.com|i\.ytimg\.com)\//;

beforeAll(async () => {
  v = await createVideosTestApp();
  await connectApiChannel(v, 4);
  await v.api('GET', '/videos/v1/videoplatform/sync-library');
  const library = (await v.api('GET', '/videos/v1/videoplatform/videos?sort=date_asc')).json()
    .videos as Array<{
    id: string;
    title: string;
  }>;
  videos = [library[2]!, library[0]!];
  product = await v.product({ name: 'Walnut Desk' });
  slug = (await v.t.ctx.shop.getProducts([product]))[0]!.slug;
  const assigned = await v.api('POST', '/videos/v1/products/bulk-assign', {
    product_ids: [product],
    video_ids: videos.map((x) => x.id),
  });
  expect(assigned.statusCode).toBe(200);
  expect((await v.api('POST', '/videos/v1/settings', { privacy_mode: true })).statusCode).toBe(200);
  await v.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(v.t.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await v?.close();
});

/** Answers every YouTube request locally: thumbnails with a pixel, the player with a small page. */
async function fakeYouTube(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.route(YOUTUBE, (route: Route) => {
    const url = route.request().url();
    seen.push(url);
    if (url.includes('i.ytimg.com'))
      return route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL });
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Player</title></head><body><p>Player</p></body></html>',
    });
  });
  return seen;
}

describeInBrowser('product videos on the storefront', () => {
  it('should show the two assigned videos in order and play the first on click', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const youtube = await fakeYouTube(context);
    const page = await context.newPage();
    await page.goto(`${base}/product/${slug}/`);
    await page.getByRole('heading', { level: 1, name: 'Walnut Desk' }).waitFor();

    const gallery = page.getByRole('region', { name: 'Product videos' });
    const plays = gallery.getByRole('button', { name: /^Play / });
    await expect.poll(() => plays.count()).toBe(2);
    expect(await plays.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual(
      videos.map((x) => `Play ${x.title}`),
    );
    expect(await page.locator('iframe').count()).toBe(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]');
    expect(ld.map((o: { name: string }) => o.name)).toEqual(videos.map((x) => x.title));
    await expectNoSeriousA11yViolations(page);
    expect(youtube.filter((url) => url.includes('/embed/'))).toEqual([]);

    await gallery.getByRole('button', { name: `Play ${videos[0]!.title}` }).click();
    const player = page.locator(`iframe[title="${videos[0]!.title}"]`);
    await player.waitFor();
    const src = await player.getAttribute('src');
    expect(src).toBe(`https://www.youtube-nocookie.com/embed/${videos[0]!.id}?rel=0&autoplay=1`);
    await expect.poll(() => youtube.filter((url) => url.includes('/embed/'))).toEqual([src]);
    await expect.poll(() => player.contentFrame().getByText('Player').count()).toBe(1);
    // The second video is still a facade.
    expect(await page.locator('iframe').count()).toBe(1);
    await gallery.getByRole('button', { name: `Play ${videos[1]!.title}` }).waitFor();
    expect(youtube.every((url) => YOUTUBE.test(url))).toBe(true);

    // The order the page showed is the gallery's order in the Store API.
    const r = await v.t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${product}` });
    expect(r.json().extensions.videos.videos.map((x: { id: string }) => x.id)).toEqual(
      videos.map((x) => x.id),
    );
    await context.close();
  });
});
