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

// The product-table screens driven in Chromium by an owner: the wizard (keyboard only), column reordering by
// keyboard and by drag, the live preview against the public page, the list's filters and bulk actions, settings,
// the activity log and the reset; every result checked through the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;
let shirts: number;
let summer: number;
let products: Record<string, number>;
let tableId: number;

async function api(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) {
  const r = await t.app.inject({
    method,
    url: `/wp-json/producttables/v1${path}`,
    headers: admin,
    ...(payload ? { payload } : {}),
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

async function create(url: string, payload: object): Promise<number> {
  const r = await t.app.inject({ method: 'POST', url: `/wp-json/wc/v3${url}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id;
}

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = (await t.login(await t.createUser({ role: 'administrator' }))).headers;
  shirts = await create('/products/categories', { name: 'Shirts' });
  const mugs = await create('/products/categories', { name: 'Mugs' });
  summer = await create('/products/tags', { name: 'Summer' });
  products = {};
  for (const [name, sku] of [
    ['Linen shirt', 'SH-1'],
    ['Denim shirt', 'SH-2'],
    ['Flannel shirt', 'SH-3'],
  ])
    products[name] = await create('/products', {
      name,
      sku,
      status: 'publish',
      regular_price: '20.00',
      categories: [{ id: shirts }],
    });
  products['Tea mug'] = await create('/products', {
    name: 'Tea mug',
    sku: 'MUG-1',
    status: 'publish',
    regular_price: '8.00',
    categories: [{ id: mugs }],
  });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  page = await context.newPage();
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const notices = () => page.getByRole('region', { name: 'Notices' });
const column = (name: RegExp) => page.getByRole('group', { name });
const headings = (html: string) =>
  [...html.matchAll(/<th class="producttables-col-[^"]+"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);

describeInBrowser('product-table admin screens', () => {
  it('should build a category table in the wizard by keyboard, reorder two columns and publish them in that order', async () => {
    await page.goto(`${base}/wp-admin/product-tables/tables`);
    await page.getByRole('heading', { level: 1, name: 'Product Tables' }).waitFor();
    await page.getByRole('heading', { name: 'No product tables yet' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/ptables-empty.png', fullPage: true });

    // Keyboard only: past the menu by the skip link; the empty state starts the wizard; Setup field by field.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('link', { name: 'Create your first table' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Create Table' }).waitFor();
    await tabTo(page, page.getByRole('textbox', { name: 'Table name' }));
    await page.keyboard.type('Shirts table');
    await tabTo(page, page.getByRole('radio', { name: /^All products/ }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByRole('radio', { name: /^Categories/ }).isChecked()).toBe(true);
    await tabTo(page, page.getByRole('checkbox', { name: 'Shirts (3)' }));
    await page.keyboard.press('Space');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/ptables-wizard-setup.png', fullPage: true });
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Step 2 of 5: Columns' }).waitFor();

    // Price one up by keyboard (Image, Price, Product, Buy), then Buy dragged onto the first place.
    await tabTo(page, column(/^Column 3: Price/).getByRole('button', { name: 'Move up' }));
    await page.keyboard.press('Enter');
    await column(/^Column 2: Price/).waitFor();
    await page.getByText('Price moved to position 2 of 4.').waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Move up');
    await page.locator('li', { has: column(/Buy$/) }).dragTo(page.locator('li', { has: column(/Image$/) }));
    await column(/^Column 1: Buy/).waitFor();
    const preview = page.frameLocator('iframe[title="Table preview"]');
    await expect
      .poll(
        async () =>
          headings((await page.locator('iframe[title="Table preview"]').getAttribute('srcdoc')) ?? ''),
        {
          timeout: 10_000,
        },
      )
      .toEqual(['Buy', 'Image', 'Price', 'Product']);
    await expect(preview.getByRole('cell', { name: /Linen shirt/ }).count()).resolves.toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/ptables-wizard-columns.png', fullPage: true });

    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Step 3 of 5: Display' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/ptables-wizard-display.png', fullPage: true });
    await tabTo(page, page.getByRole('textbox', { name: 'Button corner radius' })); // 18 fields down
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Step 4 of 5: Options' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Step 5 of 5: Finish' }).waitFor();
    await expect(page.locator('.ptables-summary').textContent()).resolves.toContain(
      'Buy, Image, Price, Product',
    );
    await expectNoSeriousA11yViolations(page);
    await tabTo(page, page.getByRole('button', { name: 'Publish table' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your table is ready' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/ptables-wizard-finish.png', fullPage: true });

    const [summary] = await api('GET', '/tables');
    tableId = summary.id;
    await page.getByRole('button', { name: `Copy shortcode [producttables id="${tableId}"]` }).click();
    await expect
      .poll(() => page.evaluate('navigator.clipboard.readText()'))
      .toBe(`[producttables id="${tableId}"]`);
    const record = await api('GET', `/tables/${tableId}`);
    expect(record).toMatchObject({ title: 'Shirts table', status: 'publish', product_count: 3 });
    expect(record.source.type).toBe('category');
    expect(record.source.queryArgs.categoryIds).toEqual([shirts]);
    expect(
      record.columns.map((c: { heading: string; advanced: { order: number } }) => [
        c.heading,
        c.advanced.order,
      ]),
    ).toEqual([
      ['Buy', 1],
      ['Image', 2],
      ['Price', 3],
      ['Product', 4],
    ]);
    expect((await api('GET', '/system/status')).onboarding_completed).toBe(true);

    await page.goto(`${base}/product-table/${tableId}`);
    const th = page.locator('table.producttables-table thead th[class*="producttables-col-"]');
    // The headed columns in order (the selection column has a checkbox, no text).
    const texts = (await th.allTextContents()).filter((text) => text !== '');
    expect(texts).toEqual(['Buy', 'Image', 'Price', 'Product']);
    await expect(page.locator('table.producttables-table tbody tr').count()).resolves.toBe(3);
  }, 90_000);

  it("should preview exactly the public page's markup, at three widths, refreshed once after a burst of typing", async () => {
    await page.goto(`${base}/wp-admin/product-tables/tables/${tableId}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Table' }).waitFor();
    const frame = page.locator('iframe[title="Table preview"]');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    const previewMarkup = srcdoc.slice(srcdoc.indexOf('<body>') + 6, srcdoc.lastIndexOf('</body>'));
    const publicPage = await (await fetch(`${base}/product-table/${tableId}`)).text();
    const start = publicPage.indexOf(`<style id="producttables-table-${tableId}-css"`);
    const publicMarkup = publicPage.slice(start, publicPage.indexOf('</div></main>'));
    const visitor =
      / data-render-url="[^"]*" data-store-api="[^"]*" data-store-nonce="[^"]*" data-cart-url="[^"]*">/;
    expect(start).toBeGreaterThan(0);
    expect(previewMarkup.replace(' data-preview="1">', '>')).toBe(publicMarkup.replace(visitor, '>'));
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/ptables-editor.png', fullPage: true });
    await frame.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/ptables-editor-preview.png' });

    for (const [name, px] of [
      ['Mobile (375 px)', 375],
      ['Tablet (768 px)', 768],
      ['Desktop (1200 px)', 1200],
    ] as const) {
      await page.getByRole('button', { name }).click();
      await expect.poll(() => frame.evaluate((el) => (el as { clientWidth: number }).clientWidth)).toBe(px);
      if (px === 375) await page.screenshot({ path: '/tmp/ptables-editor-mobile.png', fullPage: true });
    }

    // A burst of typing sends one preview request, 400 ms after the last key (the bound leaves room for a loaded CI).
    const requests: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/producttables/v1/preview')) requests.push(Date.now());
    });
    const heading = page.getByRole('textbox', { name: 'Heading' }).first(); // column 1, Buy
    await heading.fill('');
    await heading.pressSequentially('Order', { delay: 30 });
    const lastKey = Date.now();
    await expect.poll(() => frame.getAttribute('srcdoc'), { timeout: 5000 }).toContain('>Order</th>');
    expect(requests).toHaveLength(1);
    expect(requests[0]! - lastKey).toBeGreaterThanOrEqual(300);
    expect(requests[0]! - lastKey).toBeLessThan(900);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await notices().getByText('Table saved.').waitFor();
    expect((await api('GET', `/tables/${tableId}`)).columns[0].heading).toBe('Order');

    // Specific products, found by SKU, by ID and by name; they keep the order they were picked in.
    await page.getByRole('radio', { name: 'Specific products' }).check();
    const find = page.getByRole('textbox', { name: 'Find products by name, ID or SKU' });
    for (const [term, name] of [
      ['SH-2', 'Denim shirt'],
      [String(products['Tea mug']), 'Tea mug'],
      ['linen', 'Linen shirt'],
    ]) {
      await find.fill(term!);
      await page.getByRole('button', { name: `Add ${name}` }).click();
    }
    await expect(page.getByRole('list', { name: 'Found products' }).count()).resolves.toBe(1);
    await page.getByRole('heading', { name: 'Chosen products (3)' }).waitFor();
    await page.getByRole('checkbox', { name: 'Summer' }).check();
    await page.screenshot({ path: '/tmp/ptables-editor-picker.png', fullPage: true });
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('All changes saved').waitFor(); // the notice still shows the first save's text
    const specific = (await api('GET', `/tables/${tableId}`)).source;
    expect(specific.type).toBe('specific');
    expect(specific.queryArgs.postIds).toEqual([
      products['Denim shirt'],
      products['Tea mug'],
      products['Linen shirt'],
    ]);
    expect(specific.queryArgs.categoryIds).toEqual([]);
    expect(specific.queryArgs.tagIds).toEqual([summer]);
    expect(specific.queryArgs.productObjects[products['Tea mug']!]).toMatchObject({
      name: 'Tea mug',
      sku: 'MUG-1',
    });

    await page.getByRole('tab', { name: 'Display' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('display');
    await page.getByRole('textbox', { name: 'Header background' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/ptables-editor-display.png', fullPage: true });
    await page.getByRole('tab', { name: 'Options' }).click();
    await page.getByRole('checkbox', { name: 'Search box' }).waitFor();
    await expectNoSeriousA11yViolations(page);
  }, 60_000);

  it('should filter the list, run a bulk action, duplicate and delete, checked through the API', async () => {
    await api('POST', '/tables', {
      data: {
        title: 'Mugs draft',
        status: 'draft',
        source: { type: 'category', queryArgs: { categoryIds: [shirts] } },
      },
    });
    await api('POST', '/tables', { data: { title: 'Everything', status: 'private' } });
    await page.goto(`${base}/wp-admin/product-tables/tables`);
    await page.getByText('3 tables', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/ptables-list.png', fullPage: true });

    await page.getByLabel('Status').selectOption('draft');
    await page.getByText('1 table', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('draft');
    await page.getByLabel('Status').selectOption('');
    await page.getByText('3 tables', { exact: true }).waitFor();
    await page.getByLabel('Source').selectOption('specific');
    await page.getByText('1 table', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Shirts table' }).waitFor();
    await page.getByLabel('Source').selectOption('');
    await page.getByText('3 tables', { exact: true }).waitFor();
    await page.getByLabel('Search tables').fill('mugs');
    await page.getByText('1 table', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('1 table', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('s')).toBe('mugs');
    await page.goto(`${base}/wp-admin/product-tables/tables`);

    await page.getByRole('checkbox', { name: 'Select Mugs draft' }).check();
    await page.getByRole('checkbox', { name: 'Select Everything' }).check();
    await page.getByLabel('Bulk action').selectOption('publish');
    await page.getByRole('button', { name: 'Apply' }).click();
    await notices().getByText('2 tables updated.').waitFor();
    const statuses = (await api('GET', '/tables')).map((s: { status: string }) => s.status);
    expect(statuses).toEqual(['publish', 'publish', 'publish']);

    const row = page.getByRole('row', { name: /Mugs draft/ });
    await row.getByRole('button', { name: 'Duplicate' }).click();
    await notices().getByText('"Mugs draft" duplicated as a draft.').waitFor();
    const copy = (await api('GET', '/tables')).find(
      (s: { title: string }) => s.title === 'Mugs draft (Copy)',
    );
    expect(copy).toMatchObject({ status: 'draft', source: { type: 'category' } });
    await page
      .getByRole('row', { name: /Mugs draft \(Copy\)/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog', { name: 'Delete tables' }).getByRole('button', { name: 'Delete' }).click();
    await notices().getByText('1 table deleted.').waitFor();
    expect((await api('GET', '/tables')).map((s: { title: string }) => s.title)).not.toContain(
      'Mugs draft (Copy)',
    );
  }, 60_000);

  it('should save settings and new-table defaults, filter, export and clear the log, and reset only once confirmed', async () => {
    await page.goto(`${base}/wp-admin/product-tables/settings`);
    await page.getByRole('heading', { level: 1, name: 'Product Tables Settings' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/ptables-settings.png', fullPage: true });
    await page.getByLabel('Add to cart button text').fill('Buy now');
    await page.getByLabel('Products per page').fill('25');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notices().getByText('Settings saved.').waitFor();
    const settings = await api('GET', '/settings');
    expect(settings.add_to_cart_text).toBe('Buy now');
    expect(settings.table_defaults.settings.pagination).toEqual({
      limit: 25,
      mode: 'standard',
      position: 'bottom',
    });
    expect((await api('GET', '/table-defaults')).settings.pagination.limit).toBe(25);

    await page.goto(`${base}/wp-admin/product-tables/logs`);
    await page.getByRole('heading', { level: 1, name: 'Activity Log' }).waitFor();
    const total = (await api('GET', '/logs')).total;
    await page.getByText(`${total} entries`).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/ptables-logs.png', fullPage: true });
    await page.getByLabel('Level').selectOption('success');
    await page.getByLabel('Search', { exact: true }).fill('Shirts table');
    const filtered = (await api('GET', '/logs?level=success&search=Shirts%20table')).total;
    expect(filtered).toBeGreaterThan(0);
    await page.getByText(`${filtered} ${filtered === 1 ? 'entry' : 'entries'}`, { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('level')).toBe('success');
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Date (UTC)').fill(today);
    await page.getByText(`${filtered} ${filtered === 1 ? 'entry' : 'entries'}`, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(
      /^\/wp-json\/producttables\/v1\/logs\/export\?_wpnonce=[0-9a-f]{10}$/,
    );
    await page.getByRole('button', { name: 'Clear logs' }).click();
    await page
      .getByRole('dialog', { name: 'Clear logs' })
      .getByRole('button', { name: 'Clear logs' })
      .click();
    await notices()
      .getByText(/log entries deleted/)
      .waitFor();
    expect((await api('GET', '/logs')).entries.map((e: { title: string }) => e.title)).toEqual([
      'Logs cleared',
    ]);

    await page.goto(`${base}/wp-admin/product-tables/settings`);
    const reset = page.getByRole('button', { name: 'Reset everything' });
    await expect(reset.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Type RESET to confirm').fill('reset');
    await expect(reset.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Type RESET to confirm').fill('RESET');
    await reset.click();
    await notices()
      .getByText(/Everything was reset: 3 tables deleted/)
      .waitFor();
    expect(await api('GET', '/tables')).toEqual([]);
    expect((await api('GET', '/system/status')).onboarding_completed).toBe(false);
  }, 60_000);
});
