import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  startListeningApp,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';

// A guest follows a product's tag to the tag's page, and picks a variation made from a global attribute; links,
// headings, the Additional information table and the choice are found by role and label, axe checks both pages,
// and the added line is checked through the Store API.
let t: TestApp;
let base: string;
let browser: Browser;
let admin: Record<string, string>;
let scarf: { id: number; slug: string };

async function wc(method: 'GET' | 'POST', path: string, payload?: object) {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  const fabric = await wc('POST', '/products/attributes', { name: 'Fabric' });
  const color = await wc('POST', '/products/attributes', { name: 'Colour' });
  scarf = await wc('POST', '/products', {
    name: 'Linen Scarf',
    type: 'variable',
    tags: [{ name: 'Gift Ideas' }, { name: 'Summer' }],
    attributes: [
      { id: fabric.id, options: ['Linen'], visible: true },
      { id: color.id, options: ['Sand', 'Sea'], variation: true, visible: true },
    ],
  });
  await wc('POST', `/products/${scarf.id}/variations`, {
    regular_price: '30.00',
    attributes: [{ id: color.id, name: 'Colour', option: 'Sea' }],
  });
  await wc('POST', '/products', { name: 'Plain Cap', regular_price: '12.00', tags: [{ name: 'Summer' }] });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describeInBrowser('storefront: product tags and global attributes', () => {
  it('should show tags and global attribute values on the product page and list a tag’s products', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    await page.goto(`${base}/product/${scarf.slug}/`);
    const info = page.getByRole('region', { name: 'Additional information' });
    expect(await info.getByRole('row', { name: 'Fabric Linen' }).count()).toBe(1);
    expect(await info.getByRole('row', { name: 'Colour Sand, Sea' }).count()).toBe(1);
    await page.getByLabel('Colour').selectOption('Sea');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/storefront-product-tags.png', fullPage: true });

    await page.getByRole('link', { name: 'Gift Ideas' }).click();
    await page.waitForURL(`${base}/product-tag/gift-ideas/`);
    await page.getByRole('heading', { name: 'Products tagged “Gift Ideas”' }).waitFor();
    expect(await page.getByRole('link', { name: /Linen Scarf/ }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Plain Cap').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/storefront-tag-page.png', fullPage: true });

    const summer = (await wc('GET', '/products/tags?slug=summer'))[0];
    expect(summer.count).toBe(2);
    const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
    const cart = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart', headers: { cookie } });
    expect(cart.json().items.map((i: { name: string }) => i.name)).toEqual(['Linen Scarf - Sea']);
    await context.close();
  });
});
