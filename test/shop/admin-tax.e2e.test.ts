import { readFile } from 'node:fs/promises';
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

// WooCommerce → Settings → Tax driven in Chromium by the owner: a standard rate inserted and typed by keyboard (a
// bad rate refused at its cell), saved in one batch; a CSV imported and the class exported; a row removed; a tax
// option changed; a tax class added and deleted. Every result is checked through the REST API.
type Json = Record<string, any>;
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(8000);
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function rest(path: string, batch?: object): Promise<any> {
  const method = batch ? 'POST' : 'GET';
  const r = await t.app.inject({ method, url: `/wp-json${path}`, headers: admin, payload: batch });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
const ratesOf = async (taxClass: string) =>
  ((await rest(`/wc/v3/taxes?class=${taxClass}`)) as Json[]).map((r) => ({
    country: r.country,
    state: r.state,
    postcodes: r.postcodes,
    rate: r.rate,
    name: r.name,
    shipping: r.shipping,
  }));

const notices = () => page.getByRole('region', { name: 'Notices' });
const cell = (name: string) => page.getByRole('textbox', { name, exact: true });

const CSV = [
  'Country code,State code,Postcode / ZIP,City,Rate %,Tax name,Priority,Compound,Shipping,Tax class',
  'US,CA,90210;90211,*,7.25,CA State,1,0,0,',
  'FR,*,*,*,5.5,TVA réduite,1,0,1,reduced-rate',
].join('\r\n');

describeInBrowser('shop admin: tax', () => {
  it('should edit rates in place by keyboard, save them in one batch, import and export CSV', async () => {
    await page.goto(`${base}/wp-admin/shop/settings/tax/standard`);
    await page.getByRole('heading', { level: 1, name: 'Standard rates' }).waitFor();
    await page.getByText('No rates in this class yet').waitFor();

    const batches: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/wc/v3/taxes')) batches.push(request.url());
    });
    await page.getByRole('button', { name: 'Insert row' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => cell('Country code, row 1').evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true);
    await page.keyboard.type('gb');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await page.keyboard.type('twenty');
    await page.keyboard.press('Tab');
    await page.keyboard.type('VAT');
    await tabTo(page, page.getByRole('button', { name: 'Save changes' }));
    await page.keyboard.press('Enter');
    await notices().getByText('1 change was refused: see the row marked below.').waitFor();
    const rate = cell('Rate %, row 1');
    await expect.poll(() => rate.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/The rate must be a percentage/).waitFor();
    expect(await rate.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect(await ratesOf('standard')).toEqual([]);
    await page.screenshot({ path: '/tmp/tax-rates-refused.png', fullPage: true });

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('20');
    await page.keyboard.press('Enter');
    await notices().getByText('Tax rates saved.').waitFor();
    expect(await ratesOf('standard')).toEqual([
      { country: 'GB', state: '', postcodes: [], rate: '20.0000', name: 'VAT', shipping: true },
    ]);
    expect(batches.map((url) => new URL(url).pathname)).toEqual([
      '/wp-json/wc/v3/taxes/batch',
      '/wp-json/wc/v3/taxes/batch',
    ]);

    await page.getByLabel('Import CSV').setInputFiles({
      name: 'rates.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    await notices().getByText('2 tax rates imported.').waitFor();
    expect(await ratesOf('standard')).toEqual([
      { country: 'GB', state: '', postcodes: [], rate: '20.0000', name: 'VAT', shipping: true },
      {
        country: 'US',
        state: 'CA',
        postcodes: ['90210', '90211'],
        rate: '7.2500',
        name: 'CA State',
        shipping: false,
      },
    ]);
    expect(await ratesOf('reduced-rate')).toEqual([
      { country: 'FR', state: '', postcodes: [], rate: '5.5000', name: 'TVA réduite', shipping: true },
    ]);
    await expect.poll(() => cell('Postcode / ZIP, row 2').inputValue()).toBe('90210; 90211');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/tax-rates.png', fullPage: true });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('tax_rates_standard.csv');
    expect(await readFile((await file.path())!, 'utf8')).toBe(
      [
        'Country code,State code,Postcode / ZIP,City,Rate %,Tax name,Priority,Compound,Shipping,Tax class',
        'GB,*,*,*,20.0000,VAT,1,0,1,',
        'US,CA,90210;90211,*,7.2500,CA State,1,0,0,',
        '',
      ].join('\r\n'),
    );

    await page.getByLabel('Select row 1').check();
    await page.getByRole('button', { name: 'Remove selected row(s)' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await notices().getByText('Tax rates saved.').waitFor();
    expect((await ratesOf('standard')).map((r) => r.country)).toEqual(['US']);

    // A class of 101 rates pages on the server, 100 a page.
    const germanRates = Array.from({ length: 100 }, (_, i) => ({
      country: 'DE',
      postcode: `${10000 + i}`,
      rate: '19',
    }));
    await rest('/wc/v3/taxes/batch', {
      create: germanRates.map((r) => ({ ...r, class: 'zero-rate', order: 1 })),
    });
    await rest('/wc/v3/taxes/batch', {
      create: [{ country: 'AT', rate: '20', class: 'zero-rate', order: 2 }],
    });
    await page
      .getByRole('navigation', { name: 'Tax sections' })
      .getByRole('link', { name: 'Zero rate rates' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Zero rate rates' }).waitFor();
    await page.getByText('101 rates').waitFor();
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => cell('Country code, row 1').inputValue()).toBe('AT');
    expect(new URL(page.url()).searchParams.get('paged')).toBe('2');
  });

  it('should change a tax option, and add and delete a tax class', async () => {
    await page.goto(`${base}/wp-admin/shop/settings/tax`);
    await page.getByRole('heading', { level: 1, name: 'Tax options' }).waitFor();
    await page.getByLabel('Calculate tax based on').selectOption('base');
    await page.getByLabel('Round tax at subtotal level, instead of rounding per line').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await notices().getByText('Your settings have been saved.').waitFor();
    expect((await rest('/wc/v3/settings/tax/woocommerce_tax_based_on')).value).toBe('base');
    expect((await rest('/wc/v3/settings/tax/woocommerce_tax_round_at_subtotal')).value).toBe('yes');

    await page.getByLabel('Tax class name').fill('Luxury goods');
    await page.getByRole('button', { name: 'Add tax class' }).click();
    await notices().getByText('Tax class "Luxury goods" added.').waitFor();
    expect(((await rest('/wc/v3/taxes/classes')) as Json[]).map((c) => c.slug)).toEqual([
      'standard',
      'reduced-rate',
      'zero-rate',
      'luxury-goods',
    ]);
    const sections = page.getByRole('navigation', { name: 'Tax sections' });
    await sections.getByRole('link', { name: 'Luxury goods rates' }).waitFor();
    await page.getByLabel('Shipping tax class').getByRole('option', { name: 'Luxury goods' }).waitFor({
      state: 'attached',
    });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/tax-options.png', fullPage: true });

    await page.getByRole('button', { name: 'Delete Zero rate' }).click();
    await page
      .getByRole('dialog', { name: 'Delete tax class' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await notices().getByText('Tax class "Zero rate" deleted.').waitFor();
    expect(((await rest('/wc/v3/taxes/classes')) as Json[]).map((c) => c.slug)).toEqual([
      'standard',
      'reduced-rate',
      'luxury-goods',
    ]);
  });
});
