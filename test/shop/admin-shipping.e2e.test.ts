import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  logInThroughForm,
  startListeningApp,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';

// WooCommerce → Settings → Shipping driven in Chromium by the owner: zones reordered with the keyboard's Move
// buttons and by dragging, a zone's regions and a flat rate's cost edited (a bad cost refused at its field),
// a method added, a shipping class added. Every result is checked through the REST API.
type Json = Record<string, any>;
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  for (const name of ['Domestic', 'Europe', 'Asia']) await rest('POST', '/wc/v3/shipping/zones', { name });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(8000);
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function rest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) {
  const r = await t.app.inject({
    method,
    url: `/wp-json${path}`,
    headers: admin,
    payload: payload as object,
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

const notices = () => page.getByRole('region', { name: 'Notices' });

const zoneNames = async () =>
  ((await rest('GET', '/wc/v3/shipping/zones')) as Json[])
    .filter((z) => z.id !== 0)
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((z) => z.name);

describeInBrowser('shop admin: shipping', () => {
  it('should reorder zones with the keyboard and by dragging', async () => {
    await page.goto(`${base}/wp-admin/shop/shipping`);
    await page.getByRole('heading', { level: 1, name: 'Shipping zones' }).waitFor();
    await page.getByRole('link', { name: 'Asia' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/shipping-zones.png' });

    const moveUp = page.getByRole('button', { name: 'Move Asia up' });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await notices().getByText('Zone "Asia" moved to position 2.').waitFor();
    await expect.poll(zoneNames).toEqual(['Domestic', 'Asia', 'Europe']);
    // Drag only once the list on screen shows the new order (its reread has arrived).
    const shown = () => page.getByRole('link', { name: /^(Domestic|Asia|Europe)$/ }).allTextContents();
    await expect.poll(shown).toEqual(['Domestic', 'Asia', 'Europe']);

    await page.getByRole('row', { name: /Europe/ }).dragTo(page.getByRole('row', { name: /Domestic/ }));
    await notices().getByText('Zone "Europe" moved to position 1.').waitFor();
    await expect.poll(zoneNames).toEqual(['Europe', 'Domestic', 'Asia']);
  });

  it('should edit a zone, add a flat rate and refuse a bad cost at its field', async () => {
    const zone = ((await rest('GET', '/wc/v3/shipping/zones')) as Json[]).find((z) => z.name === 'Domestic')!;
    await page.goto(`${base}/wp-admin/shop/shipping`);
    await page.getByRole('link', { name: 'Domestic' }).click();
    await page.getByRole('heading', { level: 1, name: 'Domestic' }).waitFor();
    await page.getByLabel('Zone name').fill('United States');
    await page.getByLabel('Zone regions').fill('US\nus:ca');
    await page.getByLabel('Limit to specific ZIP/postcodes').fill('902*');
    await page.getByRole('button', { name: 'Save zone' }).click();
    await notices().getByText('Zone saved.').waitFor();
    expect((await rest('GET', `/wc/v3/shipping/zones/${zone.id}`)).name).toBe('United States');
    expect(
      ((await rest('GET', `/wc/v3/shipping/zones/${zone.id}/locations`)) as Json[]).map((l) => [
        l.code,
        l.type,
      ]),
    ).toEqual([
      ['US', 'country'],
      ['US:CA', 'state'],
      ['902*', 'postcode'],
    ]);

    await page.getByLabel('Shipping method to add').selectOption('flat_rate');
    await page.getByRole('button', { name: 'Add shipping method' }).click();
    await page.getByRole('group', { name: 'Flat rate (Flat rate)' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/shipping-zone.png', fullPage: true });
    const method = page.getByRole('group', { name: 'Flat rate (Flat rate)' });
    await method.getByLabel('Cost').fill('5 +');
    await method.getByRole('button', { name: 'Save Flat rate' }).click();
    await method.getByText(/is not a valid cost/).waitFor();
    await method.getByLabel('Cost').fill('5 + 1 * [qty]');
    await method.getByLabel('Method title').fill('Standard');
    await method.getByRole('button', { name: 'Save Flat rate' }).click();
    await notices().getByText('Shipping method "Standard" saved.').waitFor();
    const [saved] = (await rest('GET', `/wc/v3/shipping/zones/${zone.id}/methods`)) as Json[];
    expect(saved).toMatchObject({ method_id: 'flat_rate', title: 'Standard', enabled: true });
    expect(saved.settings.cost.value).toBe('5 + 1 * [qty]');
  });

  it('should add a shipping class', async () => {
    await page.goto(`${base}/wp-admin/shop/shipping/classes`);
    await page.getByRole('heading', { level: 1, name: 'Shipping classes' }).waitFor();
    await page.getByLabel('Shipping class name').fill('Bulky');
    await page.getByRole('button', { name: 'Add shipping class' }).click();
    await notices().getByText('Shipping class "Bulky" added.').waitFor();
    await page.getByRole('cell', { name: 'bulky', exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(((await rest('GET', '/wc/v3/products/shipping_classes')) as Json[]).map((c) => c.slug)).toEqual([
      'bulky',
    ]);
  });
});
