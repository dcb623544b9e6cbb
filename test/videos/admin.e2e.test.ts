import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FakeChannel } from '../../src/fakes/youtube.fake.js';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  freePort,
  launchBrowser,
  logInThroughForm,
  tabTo,
} from '../helpers/browser.js';
import { createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

// The video screens driven in Chromium by an owner: the setup wizard connects the fake platform with an API key
// and saves the player, the library syncs and is searched and sorted, two videos go onto a product in a chosen
// order and are reordered by keyboard, and the settings wipe everything after the typed confirmation. Every result
// is checked through the REST API.
let v: VideosTestApp;
let base: string;
let browser: Browser;
let page: Page;
let channel: FakeChannel;
let apiKey: string;
let desk: number;

// A 1×1 grey PNG for the thumbnails (YouTube itself is never reached).
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mN8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  v = await createVideosTestApp({ env: { STORESIDE_PUBLIC_URL: base } });
  channel = v.youtube.addChannel({ title: 'Walnut Works', videoCount: 6 });
  apiKey = v.youtube.issueApiKey();
  desk = await v.product({ name: 'Walnut Desk', sku: 'DESK-1' });
  await v.product({ name: 'Oak Chair', sku: 'CHAIR-1' });
  await v.t.app.listen({ port, host: '127.0.0.1' });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route(/^https:\/\/i\.ytimg\.com\//, (route: Route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await v?.close();
});

const notices = () => page.getByRole('region', { name: 'Notices' });
const settings = async () => (await v.api('GET', '/videos/v1/settings')).json();
const storeVideos = async (productId: number): Promise<string[]> => {
  const r = await v.t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${productId}` });
  return r.json().extensions.videos.videos.map((x: { id: string }) => x.id);
};

describeInBrowser('the video screens', () => {
  it('should connect with an API key and save the player through the setup wizard', async () => {
    await page.goto(`${base}/wp-admin/videos/library`);
    await page.getByRole('heading', { level: 1, name: 'Video Library' }).waitFor();
    await page.getByRole('link', { name: 'Start setup' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set Up Product Videos' }).waitFor();
    await page.getByRole('button', { name: 'Get started' }).click();

    await page.getByRole('radio', { name: 'API key and channel ID' }).check();
    await page.getByLabel('API key', { exact: true }).fill(apiKey);
    await page.getByRole('textbox', { name: 'Channel ID' }).fill(channel.id);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await notices().getByText('Connection successful: Walnut Works.').waitFor();
    expect((await settings()).connection_status).not.toBe('connected');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Connected to Walnut Works.' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('Video position in the gallery').selectOption('first');
    await page.getByLabel('Videos per product').fill('2');
    await page.getByLabel('Privacy-enhanced mode').check();
    const preview = page.getByRole('list', { name: 'Gallery preview' }).getByRole('listitem');
    await expect
      .poll(() => preview.allTextContents())
      .toEqual(['Video 1', 'Video 2', 'Main image', 'Image 2']);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'You are all set' }).waitFor();

    const saved = await settings();
    expect(saved).toMatchObject({
      connection_status: 'connected',
      connection_method: 'api',
      channel_id: channel.id,
      api_key: '',
      api_key_set: true,
      video_position: 'first',
      max_videos: 2,
      privacy_mode: true,
      is_onboarding_completed: true,
    });
  });

  it('should sync the library, then search and sort it', async () => {
    await page.getByRole('link', { name: 'Go to the Video Library' }).click();
    await page.getByRole('heading', { level: 1, name: 'Video Library' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Start setup' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sync Library' }).click();
    await notices().getByText('Library synced: 6 videos (6 added, 0 removed)').waitFor();
    expect((await v.api('GET', '/videos/v1/videoplatform/videos')).json().total).toBe(6);
    const cards = page.locator('.storeside-video-card h3');
    await expect.poll(() => cards.count()).toBe(6);

    const target = channel.videos[3]!;
    await page.getByLabel('Search videos').fill(target.title.slice(0, target.title.indexOf(':') + 1));
    await expect.poll(() => cards.allTextContents()).toEqual([target.title]);
    await expect.poll(() => page.url()).toMatch(/search=/);
    await page.getByLabel('Search videos').fill('');
    await page.getByLabel('Sort by').selectOption('title_asc');
    const byTitle = (await v.api('GET', '/videos/v1/videoplatform/videos?sort=title_asc')).json().videos;
    await expect.poll(() => cards.allTextContents()).toEqual(byTitle.map((x: { title: string }) => x.title));
    await expectNoSeriousA11yViolations(page);
  });

  it('should assign two videos in a chosen order and reorder them by keyboard', async () => {
    const [first, second] = [channel.videos[4]!, channel.videos[1]!];
    await page.goto(`${base}/wp-admin/videos/products`);
    await page.getByRole('heading', { level: 1, name: 'Product Videos' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select Walnut Desk' }).check();
    await page.getByRole('button', { name: 'Assign Videos to 1 product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign videos to 1 product' });
    await dialog.getByRole('checkbox', { name: first.title }).check();
    await dialog.getByRole('checkbox', { name: second.title }).check();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Assign 2 videos' }).click();
    await notices().getByText('Updated 1 product(s).waitFor(); skipped 0.');
    await expect
      .poll(() => page.getByRole('list', { name: 'Videos of Walnut Desk' }).getByRole('img').count())
      .toBe(2);
    expect(await storeVideos(desk)).toEqual([first.id, second.id]);

    // Keyboard only: reach the second video's Move up button, press it, then Save order.
    await page.getByRole('button', { name: 'Edit videos of Walnut Desk' }).click();
    const gallery = page.getByRole('dialog', { name: 'Videos of Walnut Desk' });
    await tabTo(page, gallery.getByRole('button', { name: `Move ${second.title} up` }));
    await page.keyboard.press('Enter');
    await expect.poll(() => gallery.locator('.title').allTextContents()).toEqual([second.title, first.title]);
    await tabTo(page, gallery.getByRole('button', { name: 'Save order' }));
    await page.keyboard.press('Enter');
    await notices().getByText('Video order of Walnut Desk saved.').waitFor();
    expect(await storeVideos(desk)).toEqual([second.id, first.id]);
  });

  it('should keep secrets out of the settings and wipe all data only after the typed confirmation', async () => {
    await page.goto(`${base}/wp-admin/videos/settings`);
    await page.getByRole('heading', { level: 1, name: 'Video Settings' }).waitFor();
    expect(await page.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    await page.getByText(`A value ending in ${apiKey.slice(-4)} is stored`).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Player' }).click();
    await page.getByLabel('Show player controls').uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notices().getByText('Settings saved successfully.').waitFor();
    expect((await settings()).show_controls).toBe(false);

    // The add-on license: activated against the license server, then the key shown only by its last characters.
    v.licenses.addLicense({ key: 'PRO-GOOD-1234', slug: 'videos-pro', expiresAt: '2099-01-01 00:00:00' });
    await page.getByRole('tab', { name: 'License' }).click();
    await page.getByLabel('License key').fill('PRO-GOOD-1234');
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('A key ending in 1234 is stored.').waitFor();
    expect(await page.getByLabel('License key').inputValue()).toBe('');
    expect(await settings()).toMatchObject({
      license_status: 'active',
      license_key: '',
      license_key_hint: '1234',
    });
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('No key stored.').waitFor();
    expect((await settings()).license_status).toBe('inactive');

    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.getByRole('button', { name: 'Clear logs' }).click();
    await notices()
      .getByText(/Deleted \d+ log file/)
      .waitFor();
    const wipe = page.getByRole('button', { name: 'Delete all data' });
    expect(await wipe.getAttribute('aria-disabled')).toBe('true');
    await page.getByLabel('Type DELETE to confirm').fill('delete');
    expect(await wipe.getAttribute('aria-disabled')).toBe('true');
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await wipe.click();
    await notices().getByText('All video data deleted; default settings restored.').waitFor();
    expect(await settings()).toMatchObject({
      connection_status: 'inactive',
      api_key_set: false,
      show_controls: true,
    });
    expect((await v.api('GET', '/videos/v1/videoplatform/videos')).json().total).toBe(0);
    expect(await storeVideos(desk)).toEqual([]);
  });
});
