import type { Browser, Locator, Page } from 'playwright-core';
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
import { guestToken, storePost } from './cart-helpers.js';

// The product screens driven in Chromium by the owner: a simple product made with the keyboard only (a refusal
// shown at its field first), a variable product with two variations bought through the Store API, the list's
// filters, search and bulk publish, and the categories screen; every result checked through the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let admin: Record<string, string>;
let clothing: { id: number };
let linenId: number;

async function wc(method: 'GET' | 'POST', path: string, payload?: object) {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

async function storeProducts(query: string) {
  const r = await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products?${query}` });
  expect(r.statusCode).toBe(200);
  return r.json() as Array<{
    id: number;
    name: string;
    prices: { price: string };
    categories: Array<{ id: number }>;
  }>;
}

/** Presses Shift+Tab until `target` has the focus (the way back to a button above). */
async function shiftTabTo(target: Locator): Promise<void> {
  for (let i = 0; i < 25; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false)) return;
    await page.keyboard.press('Shift+Tab');
  }
  throw new Error('Shift+Tab never reached the control');
}

const notices = () => page.getByRole('region', { name: 'Notices' });

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  clothing = await wc('POST', '/products/categories', { name: 'Clothing' });
  await wc('POST', '/products/batch', {
    create: [1, 2, 3].map((n) => ({
      name: `Draft tee ${n}`,
      status: 'draft',
      regular_price: `${10 + n}.00`,
      categories: [{ id: clothing.id }],
    })),
  });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInThroughForm(page, base, 'admin', 'admin-password-1');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describeInBrowser('product admin screens', () => {
  it('should create a simple product with the keyboard only, show a refusal at its field, and sell it on the Store API', async () => {
    await page.goto(`${base}/wp-admin/products/new`);
    await page.getByRole('heading', { level: 1, name: 'Add New Product' }).waitFor();
    await page.getByRole('checkbox', { name: 'Clothing' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // As a keyboard user does: the skip link first, then through the form.
    await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByLabel('Product name'));
    await page.keyboard.type('Linen Shirt');
    await tabTo(page, page.getByLabel('Regular price ($)'));
    await page.keyboard.type('20.00');
    await tabTo(page, page.getByLabel('Sale price ($)'));
    await page.keyboard.type('30');
    await tabTo(page, page.getByLabel('SKU'));
    await page.keyboard.type('LINEN-1');
    await tabTo(page, page.getByRole('checkbox', { name: 'Manage stock' }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByLabel('Stock quantity'));
    await page.keyboard.type('7');
    await tabTo(page, page.getByRole('checkbox', { name: 'Clothing' }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByLabel('Tags'));
    await page.keyboard.type('summer, linen');
    await tabTo(page, page.getByLabel('Image URLs'));
    await page.keyboard.type('https://images.example.com/linen.jpg');
    await shiftTabTo(page.getByRole('button', { name: 'Save product' }));
    await page.keyboard.press('Enter');

    // The server refuses a sale price above the regular one: the message is at the field, which has the focus.
    const sale = page.getByLabel('Sale price ($)');
    await expect.poll(() => sale.getAttribute('aria-invalid')).toBe('true');
    expect(await sale.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.getByText('The sale price must be lower than the regular price.').waitFor();
    await page.screenshot({ path: '/tmp/admin-product-refused.png', fullPage: true });
    expect(await storeProducts('search=Linen')).toEqual([]);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('15.00');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    await notices().getByText('Product “Linen Shirt” created.').waitFor();
    const [found] = await storeProducts('search=Linen');
    expect(found).toMatchObject({
      name: 'Linen Shirt',
      prices: { price: '1500' },
      categories: [{ id: clothing.id }],
    });
    linenId = found!.id;
    const stored = await wc('GET', `/products/${linenId}`);
    expect(stored).toMatchObject({
      sku: 'LINEN-1',
      manage_stock: true,
      stock_quantity: 7,
      regular_price: '20.00',
      images: [{ src: 'https://images.example.com/linen.jpg' }],
    });
    expect(stored.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(['linen', 'summer']);
    expect(await page.getByRole('link', { name: /Preview product/ }).getAttribute('href')).toBe(
      stored.permalink,
    );
  }, 60_000);

  it('should create a variable product with two variations through the form and sell one through the Store API', async () => {
    await page.goto(`${base}/wp-admin/products/new`);
    await page.getByLabel('Product name').fill('Wool Hoodie');
    await page.getByLabel('Product type').selectOption('variable');
    await page.getByRole('button', { name: 'Add attribute' }).click();
    await page.getByLabel('Attribute 1 name').fill('Size');
    await page.getByLabel('Attribute 1 values').fill('S | M');
    await page.getByRole('button', { name: 'Add variation' }).click();
    await page.getByRole('button', { name: 'Add variation' }).click();
    await page.getByLabel('Variation 2 Size').selectOption('M');
    await page.getByLabel('Variation 1 regular price').fill('40.00');
    await page.getByLabel('Variation 1 stock').fill('5');
    await page.getByLabel('Variation 2 regular price').fill('45.00');
    await page.getByLabel('Variation 2 sale price').fill('50.00');
    await page.getByLabel('Variation 2 SKU').fill('HOODIE-M');
    await page.getByRole('checkbox', { name: 'Clothing' }).check();
    await page.getByRole('button', { name: 'Save product' }).click();

    // The product and variation 1 are stored; variation 2's refusal is at its field and the next save updates.
    await notices()
      .getByText('The product was saved, but 1 variation was refused; see its messages below.')
      .waitFor();
    const refusedSale = page.getByLabel('Variation 2 sale price');
    expect(await refusedSale.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => refusedSale.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.getByRole('heading', { name: /Variation 1 \(#\d+\)/ }).waitFor();
    await refusedSale.fill('42.50');
    await page.getByRole('button', { name: 'Update product' }).click();

    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    await page.getByRole('heading', { name: /Variation 2 \(#\d+\)/ }).waitFor();
    await page.screenshot({ path: '/tmp/admin-product-variable.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const variations = (await wc('GET', `/products/${id}/variations`)) as Array<{
      id: number;
      sku: string;
      price: string;
      stock_quantity: number | null;
      attributes: Array<{ name: string; option: string }>;
    }>;
    expect((await storeProducts('search=Wool%20Hoodie')).map((p) => p.id)).toEqual([id]);
    const small = variations.find((v) => v.attributes[0]?.option === 'S');
    const medium = variations.find((v) => v.attributes[0]?.option === 'M');
    expect(variations).toHaveLength(2);
    expect(small).toMatchObject({ price: '40.00', stock_quantity: 5 });
    expect(medium).toMatchObject({ price: '42.50', sku: 'HOODIE-M', stock_quantity: null });

    const token = await guestToken(t);
    expect((await storePost(t, 'cart/add-item', token, { id: small!.id, quantity: 2 })).statusCode).toBe(201);
    const order = await storePost(t, 'checkout', token, {
      billing_address: { email: 'buyer@example.com', first_name: 'B', last_name: 'Uyer' },
      payment_method: 'cod',
    });
    expect(order.statusCode, order.body).toBe(200);
    const placed = await wc('GET', `/orders/${order.json().order_id}`);
    expect(placed.line_items).toMatchObject([{ product_id: id, variation_id: small!.id, quantity: 2 }]);
    expect((await wc('GET', `/products/${id}/variations/${small!.id}`)).stock_quantity).toBe(3);
  }, 60_000);

  it('should group picked products, ask before leaving unsaved changes, then turn the product external', async () => {
    await page.goto(`${base}/wp-admin/products/new`);
    await page.getByLabel('Product name').fill('Gift set');
    await page.getByLabel('Product type').selectOption('grouped');
    await page.getByRole('combobox', { name: 'Add a product to the group' }).fill('Linen');
    await page.getByRole('option', { name: 'Linen Shirt (LINEN-1)' }).click();
    await page.getByRole('button', { name: 'Remove Linen Shirt' }).waitFor();
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await wc('GET', `/products/${id}`)).toMatchObject({
      type: 'grouped',
      grouped_products: [linenId],
    });

    await page.getByLabel('Product name').fill('Partner gift set');
    page.once('dialog', (dialog) => dialog.dismiss());
    await page.getByRole('navigation').getByRole('link', { name: 'Categories' }).click();
    expect(new URL(page.url()).pathname).toBe(`/wp-admin/products/${id}`);

    await page.getByLabel('Product type').selectOption('external');
    await page.getByLabel('Product URL').fill('https://partner.example.com/gift');
    await page.getByLabel('Button text').fill('Buy at partner');
    await page.getByLabel('Regular price ($)').fill('99.00');
    await page.getByRole('button', { name: 'Update product' }).click();
    await notices().getByText('Product updated.').waitFor();
    expect(await wc('GET', `/products/${id}`)).toMatchObject({
      name: 'Partner gift set',
      type: 'external',
      external_url: 'https://partner.example.com/gift',
      button_text: 'Buy at partner',
    });
  }, 60_000);

  it('should filter, search and publish in bulk on the list, keeping the filters in the URL', async () => {
    await page.goto(`${base}/wp-admin/products`);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByText('6 products').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('draft');
    await page.getByText('3 products').waitFor();
    await page.getByLabel('Category').selectOption(String(clothing.id));
    await page.getByLabel('Product type').selectOption('simple');
    await page.getByLabel('Stock status').selectOption('instock');
    await page.getByText('3 products').waitFor();
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'draft',
      category: String(clothing.id),
      type: 'simple',
      stock_status: 'instock',
    });
    await page.getByLabel('Search products').fill('tee 2');
    await page.getByText('1 product', { exact: true }).waitFor();
    await page.getByLabel('Search products').fill('');
    await page.getByText('3 products').waitFor();
    await page.screenshot({ path: '/tmp/admin-products-list.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
    await page.getByLabel('Bulk actions').selectOption('publish');
    await page.getByRole('button', { name: 'Apply' }).click();
    await notices().getByText('3 products published.').waitFor();
    await page.getByText('0 products').waitFor();
    const published = (await wc('GET', '/products?status=publish&search=Draft%20tee')) as Array<{
      id: number;
    }>;
    expect(published).toHaveLength(3);

    // One row back to draft, then deleted (after the question).
    await page.goto(`${base}/wp-admin/products?s=Draft%20tee%203`);
    await page.getByText('1 product', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select Draft tee 3' }).check();
    await page.getByLabel('Bulk actions').selectOption('draft');
    await page.getByRole('button', { name: 'Apply' }).click();
    await notices().getByText('1 product moved to draft.').waitFor();
    const [tee3] = (await wc('GET', '/products?search=Draft%20tee%203')) as Array<{
      id: number;
      status: string;
    }>;
    expect(tee3!.status).toBe('draft');
    await page.getByRole('checkbox', { name: 'Select Draft tee 3' }).check();
    await page.getByLabel('Bulk actions').selectOption('delete');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('dialog', { name: 'Delete products' })
      .getByRole('button', { name: 'Delete permanently' })
      .click();
    await notices().getByText('1 product deleted.').waitFor();
    const gone = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/products/${tee3!.id}`,
      headers: admin,
    });
    expect(gone.statusCode).toBe(404);
  }, 60_000);

  it('should add, rename, move and delete categories', async () => {
    await page.goto(`${base}/wp-admin/products/categories`);
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    const table = page.getByRole('table', { name: 'Product categories' });
    await table.getByRole('row', { name: /Clothing/ }).waitFor();
    // The default category cannot be deleted (the server refuses it): no Delete is offered for it.
    const uncategorized = table.getByRole('row', { name: /Uncategorized/ });
    await uncategorized.getByText('Default category').waitFor();
    expect(await uncategorized.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    for (const name of ['Shoes', 'Boots']) {
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Add New Category' }).click();
      await notices().getByText(`Category “${name}” added.`).waitFor();
    }
    const byName = async () =>
      new Map(
        (
          (await wc('GET', '/products/categories?per_page=100')) as Array<{
            id: number;
            name: string;
            parent: number;
          }>
        ).map((c) => [c.name, c]),
      );
    const shoes = (await byName()).get('Shoes')!;

    await page.getByRole('button', { name: 'Edit Boots' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Category' });
    await dialog.getByLabel('Name').fill('Winter boots');
    await dialog.getByLabel('Parent category').selectOption(String(shoes.id));
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await notices().getByText('Category “Winter boots” updated.').waitFor();
    expect((await byName()).get('Winter boots')).toMatchObject({ parent: shoes.id });
    await page.screenshot({ path: '/tmp/admin-categories.png', fullPage: true });

    await page.getByRole('button', { name: 'Delete Shoes' }).click();
    await page
      .getByRole('dialog', { name: 'Delete category' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await notices().getByText('Category “Shoes” deleted.').waitFor();
    const after = await byName();
    expect(after.has('Shoes')).toBe(false);
    expect(after.get('Winter boots')).toMatchObject({ parent: 0 });
    await expect(table.textContent()).resolves.not.toContain('Shoes');
  }, 60_000);
});
