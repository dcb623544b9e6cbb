import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  logInThroughForm,
  startListeningApp,
  tabTo,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';

// Media → Library driven in Chromium by the owner: an image uploaded with the Add New Media File button, its
// alternative text set with the keyboard, an SVG refused with the server's reason, a delete, and a file dropped. Every result is
// checked through the REST API.
type Json = Record<string, any>;
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(10_000);
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function library(): Promise<Json[]> {
  return (await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/media?per_page=100' })).json();
}

const notices = () => page.getByRole('region', { name: 'Notices' });

describeInBrowser('shop admin: media library', () => {
  it('should upload an image by button, set its alternative text by keyboard, refuse an SVG and delete', async () => {
    await page.goto(`${base}/wp-admin/media`);
    await page.getByRole('heading', { level: 1, name: 'Media Library' }).waitFor();
    await page.getByText('No media files found.').waitFor();
    await expectNoSeriousA11yViolations(page);

    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d2691e' } })
      .jpeg()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add New Media File' }).click();
    await (await chooser).setFiles({ name: 'teapot.jpg', mimeType: 'image/jpeg', buffer: photo });
    await notices().getByText('“teapot.jpg” uploaded.').waitFor();
    const [uploaded] = await library();
    expect(uploaded).toMatchObject({
      slug: 'teapot',
      mime_type: 'image/jpeg',
      media_details: { width: 800, height: 600 },
    });
    await page.getByRole('heading', { name: 'Attachment details' }).waitFor();
    await page.getByText('800 by 600 pixels').waitFor();

    await tabTo(page, page.getByLabel('Alternative text'));
    await page.keyboard.type('A brown teapot');
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await notices().getByText('Media file updated.').waitFor();
    expect((await library())[0].alt_text).toBe('A brown teapot');
    await page.getByRole('button', { name: 'Select teapot' }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'A brown teapot' }).count()).toBeGreaterThan(0);

    const svgChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add New Media File' }).click();
    await (await svgChooser).setFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    await notices()
      .getByText(/“logo\.svg” was not uploaded: SVG files are not accepted/)
      .waitFor();
    expect(await library()).toHaveLength(1);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/admin-media-library.png', fullPage: true });

    await page.getByRole('button', { name: 'Delete permanently' }).click();
    await page
      .getByRole('dialog', { name: 'Delete media file' })
      .getByRole('button', { name: 'Delete permanently' })
      .click();
    await notices().getByText('Media file deleted permanently.').waitFor();
    await page.getByText('No media files found.').waitFor();
    expect(await library()).toEqual([]);
    const file = await fetch(`${base}${new URL(uploaded.source_url).pathname}`);
    expect(file.status).toBe(404);

    // Files dropped on the grid are uploaded too.
    const dropped = await sharp({ create: { width: 90, height: 90, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    // Page code as text: the tests are typed without the DOM library.
    const dataTransfer = await page.evaluateHandle(`(() => {
      const bytes = Uint8Array.from(atob('${dropped.toString('base64')}'), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      return transfer;
    })()`);
    const grid = page.getByRole('region', { name: 'Images' });
    // Dragging over the page shows the drop zone over the grid (as a real drag of files does); the drop lands on it.
    await grid.dispatchEvent('dragenter', { dataTransfer });
    const zone = grid.locator('.components-drop-zone');
    await grid.getByText('Drop files to upload').waitFor();
    for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
    await notices().getByText('“dropped.png” uploaded.').waitFor();
    expect((await library()).map((m) => m.slug)).toEqual(['dropped']);
  }, 45_000);

  it('should upload an image from the product form and show it with its sizes on the product page', async () => {
    await page.goto(`${base}/wp-admin/products/new`);
    await page.getByRole('heading', { level: 1, name: 'Add New Product' }).waitFor();
    await page.getByLabel('Product name').fill('Clay Mug');
    await page.getByLabel('Regular price ($)').fill('12.00');
    await page.getByRole('button', { name: 'Choose from Media Library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose an image' });
    await dialog.getByRole('button', { name: 'Choose dropped' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    const mug = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#7a4' } })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload an image' }).click();
    await (await chooser).setFiles({ name: 'clay-mug.png', mimeType: 'image/png', buffer: mug });
    await dialog.waitFor({ state: 'detached' });
    const [media] = await library();
    expect(media).toMatchObject({ slug: 'clay-mug', mime_type: 'image/png' });
    await expect.poll(() => page.getByLabel('Image URLs').inputValue()).toBe(media.source_url);
    await page.getByRole('button', { name: 'Save product' }).click();
    await notices().getByText('Product “Clay Mug” created.').waitFor();

    const [product] = (
      await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/products?search=Clay' })
    ).json();
    expect(product.images[0]).toMatchObject({ id: media.id, src: media.source_url });
    const shop = await browser.newPage();
    await shop.goto(`${base}/product/${product.slug}/`);
    const image = shop.locator('.product-image img');
    expect(await image.getAttribute('srcset')).toContain(
      `${new URL(media.media_details.sizes.woocommerce_single.source_url).pathname} 600w`,
    );
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await shop.screenshot({ path: '/tmp/storefront-media-product.png' });
    await shop.close();
  }, 45_000);
});
