import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeInBrowser,
  expectNoSeriousA11yViolations,
  launchBrowser,
  logInThroughForm,
  startListeningApp,
} from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';

// A guest shops in Chromium, once with JavaScript (adds happen in place through the Store API) and once without
// (every step a plain form post): browse, search, sort, a category, a variable and a simple product, a quantity
// change, a coupon, checkout and the order-received page; then a customer reviews a product. Controls are found by
// role and label; axe checks every page; the cart, the order and the review are checked through the REST API.
let t: TestApp;
let base: string;
let browser: Browser;
let admin: Record<string, string>;
let shirt: { id: number; slug: string };
let hoodie: { id: number; slug: string };
let red: number;
let table: number;

async function wc(method: 'GET' | 'POST', path: string, payload?: object) {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

beforeAll(async () => {
  ({ t, url: base } = await startListeningApp());
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  const tops = await wc('POST', '/products/categories', { name: 'Tops' });
  const kitchen = await wc('POST', '/products/categories', { name: 'Kitchen' });
  shirt = await wc('POST', '/products', {
    name: 'Plain Shirt',
    regular_price: '20.00',
    sale_price: '15.00',
    categories: [{ id: tops.id }],
  });
  hoodie = await wc('POST', '/products', {
    name: 'Hoodie',
    type: 'variable',
    categories: [{ id: tops.id }],
    attributes: [{ name: 'Color', options: ['Blue', 'Red'], variation: true }],
  });
  await wc('POST', `/products/${hoodie.id}/variations`, {
    regular_price: '40.00',
    attributes: [{ name: 'Color', option: 'Blue' }],
  });
  red = (
    await wc('POST', `/products/${hoodie.id}/variations`, {
      regular_price: '45.00',
      manage_stock: true,
      stock_quantity: 3,
      attributes: [{ name: 'Color', option: 'Red' }],
    })
  ).id;
  await wc('POST', '/products', {
    name: 'Enamel Mug',
    regular_price: '8.00',
    categories: [{ id: kitchen.id }],
  });
  await wc('POST', '/coupons', { code: 'tenoff', discount_type: 'fixed_cart', amount: '10.00' });
  // The product tables' admin routes take a cookie and its nonce.
  const manager = await t.login(await t.createUser({ role: 'administrator' }));
  const created = await t.app.inject({
    method: 'POST',
    url: '/wp-json/producttables/v1/tables',
    headers: manager.headers,
    payload: { data: { title: 'Everything' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  table = created.json().id;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A new guest: its own cookies, JavaScript on or off. */
async function guest(javaScriptEnabled: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  if (!javaScriptEnabled) withoutJavaScript.add(context);
  const page = await context.newPage();
  page.setDefaultTimeout(5_000); // a missing element fails with its name, well before the test's timeout
  return { context, page };
}

const withoutJavaScript = new WeakSet<BrowserContext>();

// Off by default in axe: an accessible name must contain the visible label (WCAG 2.5.3, voice control).
const STOREFRONT_AXE = { experimentalRules: ['label-content-name-mismatch'] };

/**
 * axe on the page, with the storefront's extra rule. axe is a script, so a page of a context without JavaScript is checked as a copy: the same URL
 * with the same cookies, loaded where scripts run but the islands are blocked, i.e. the same document.
 */
async function checkA11y(page: Page): Promise<void> {
  if (!withoutJavaScript.has(page.context())) return expectNoSeriousA11yViolations(page, STOREFRONT_AXE);
  const copy = await browser.newContext({ storageState: await page.context().storageState() });
  await copy.route('**/assets/islands/**', (route) => route.abort());
  const checker = await copy.newPage();
  await checker.goto(page.url());
  await expectNoSeriousA11yViolations(checker, STOREFRONT_AXE);
  await copy.close();
}

/** The guest's cart as the Store API sees it, through the browser's cart cookie. */
async function storeCart(context: BrowserContext) {
  const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
  const r = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart', headers: { cookie } });
  expect(r.statusCode).toBe(200);
  return r.json() as { items: Array<{ id: number; quantity: number }>; items_count: number };
}

const productNames = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.locator('.product-card') })
    .getByRole('heading', { level: 2 });

/** Browses the home page, searches, sorts the shop and opens a category, as both guests do. */
async function browse(page: Page): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
  expect(await productNames(page).allTextContents()).toHaveLength(3);
  await checkA11y(page);

  await page.getByLabel('Search products').fill('hood');
  await page.getByLabel('Search products').press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Search results: “hood”' }).waitFor();
  expect(await productNames(page).allTextContents()).toEqual(['Hoodie']);
  await checkA11y(page);

  await page
    .getByRole('navigation', { name: 'Shop' })
    .getByRole('link', { name: 'Shop', exact: true })
    .click();
  await page.getByLabel('Sort by').selectOption({ label: 'Sort by price: high to low' });
  await page.getByRole('button', { name: 'Sort', exact: true }).click();
  await page.waitForURL(/orderby=price-desc/);
  expect(await productNames(page).allTextContents()).toEqual(['Hoodie', 'Plain Shirt', 'Enamel Mug']);
  await checkA11y(page);

  await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Tops' }).click();
  await page.getByRole('heading', { level: 1, name: 'Tops' }).waitFor();
  expect((await productNames(page).allTextContents()).sort()).toEqual(['Hoodie', 'Plain Shirt']);
  await checkA11y(page);
}

/** On /cart/: changes the shirt's quantity, applies the coupon, and goes on to checkout. */
async function changeCartAndCheckout(page: Page): Promise<void> {
  await page.getByLabel('Quantity of Plain Shirt').fill('3');
  await page.getByRole('button', { name: 'Update cart' }).click();
  await page.getByText('Cart updated.').waitFor();
  expect(await page.getByLabel('Quantity of Plain Shirt').inputValue()).toBe('3');
  await page.getByLabel('Coupon code').fill('TENOFF');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await page.getByText('Coupon code applied successfully.').waitFor();
  // 3 × $15 + $45 − $10
  expect(await page.getByRole('row', { name: /^Total/ }).textContent()).toContain('$80.00');
  await checkA11y(page);

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await checkA11y(page);
}

/** Fills the checkout form, picks Direct bank transfer and places the order; returns the order number shown. */
async function placeOrder(page: Page, email: string): Promise<number> {
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
  const billing = page.getByRole('group', { name: 'Billing details' });
  await billing.getByRole('textbox', { name: 'First name', exact: true }).fill('Sam');
  await billing.getByRole('textbox', { name: 'Last name', exact: true }).fill('Shopper');
  await billing.getByLabel('Country / Region').selectOption('US');
  await billing.getByLabel('State / County').selectOption({ label: 'Illinois' });
  await billing.getByLabel('Street address').fill('1 Main St');
  await billing.getByLabel('Town / City').fill('Springfield');
  await billing.getByLabel('Postcode / ZIP').fill('12345');
  await billing.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-0100');
  await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('heading', { level: 1, name: 'Order received' }).waitFor();
  await checkA11y(page);
  const match = new URL(page.url()).pathname.match(/^\/checkout\/order-received\/(\d+)\/$/);
  expect(match).not.toBeNull();
  const id = Number(match![1]);
  await page.getByText(`Order number: ${id}`).waitFor();
  expect(await page.getByRole('link', { name: 'Cart (0)' }).count()).toBe(1);
  return id;
}

/** The order as wc/v3 sees it: the guest's lines, the coupon, the total, the billing e-mail. */
async function expectOrder(id: number, email: string): Promise<void> {
  const order = await wc('GET', `/orders/${id}`);
  expect(order).toMatchObject({ status: 'on-hold', payment_method: 'bacs', total: '80.00' });
  expect(order.billing).toMatchObject({ email, first_name: 'Sam', city: 'Springfield', phone: '555-0100' });
  expect(order.coupon_lines.map((c: { code: string }) => c.code)).toEqual(['tenoff']);
  const lines = order.line_items.map((l: { product_id: number; variation_id: number; quantity: number }) => [
    l.product_id,
    l.variation_id,
    l.quantity,
  ]);
  expect(lines.sort()).toEqual(
    [
      [hoodie.id, red, 1],
      [shirt.id, 0, 3],
    ].sort(),
  );
}

describeInBrowser('shopping in the storefront', () => {
  it('should browse, add a variable and a simple product in place, change the cart and place an order', async () => {
    const { context, page } = await guest(true);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await browse(page);
    // The page's icon is one the browser can show.
    const iconWidth = await page.evaluate(
      `(async () => { const image = new Image(); image.src = document.querySelector('link[rel="icon"]').href; await image.decode(); return image.naturalWidth; })()`,
    );
    expect(iconWidth).toBe(32);
    expect(failed).toEqual([]);

    await page.getByRole('link', { name: 'Hoodie' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Hoodie' }).waitFor();
    const price = page.locator('[data-price]');
    const stock = page.locator('[data-stock]');
    expect(await price.textContent()).toContain('$40.00');
    await page.getByLabel('Color').selectOption('Red');
    await expect.poll(() => price.textContent()).toBe('$45.00');
    expect(await stock.textContent()).toBe('3 in stock');
    await checkA11y(page);
    const productUrl = page.url();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'Cart (1)' }).waitFor();
    await page.getByRole('status').getByText('“Hoodie” has been added to your cart.').waitFor();
    expect(page.url()).toBe(productUrl);
    await checkA11y(page);

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Tops' }).click();
    await page.getByRole('button', { name: 'Add to cart: “Plain Shirt”' }).click();
    await page.getByRole('link', { name: 'Cart (2)' }).waitFor();
    await page.getByRole('status').getByText('“Plain Shirt” has been added to your cart.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/product-category/tops/');
    const cart = await storeCart(context);
    expect(cart.items.map((i) => [i.id, i.quantity]).sort()).toEqual(
      [
        [red, 1],
        [shirt.id, 1],
      ].sort(),
    );

    // When the Store API cannot be reached, the button posts its form as it does without JavaScript.
    await page.route('**/wc/store/v1/cart/add-item', (route) => route.abort());
    await page
      .getByRole('navigation', { name: 'Shop' })
      .getByRole('link', { name: 'Shop', exact: true })
      .click();
    await page.getByRole('button', { name: 'Add to cart: “Enamel Mug”' }).click();
    await page.waitForURL(/\/cart\/\?added=\d+$/);
    await page.getByText('“Enamel Mug” has been added to your cart.').waitFor();
    await page.unroute('**/wc/store/v1/cart/add-item');

    // A product table in the shop's layout: its script adds to the same cart, and the header's count follows.
    await page.goto(`${base}/product-table/${table}`);
    await page.getByRole('heading', { level: 1, name: 'Everything' }).waitFor();
    await checkA11y(page);
    await page
      .getByRole('row')
      .filter({ hasText: 'Plain Shirt' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await page.getByRole('link', { name: 'Cart (4)' }).click();
    expect(await page.getByLabel('Quantity of Plain Shirt').inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Remove Enamel Mug from your cart' }).click();
    await page.getByText('Cart updated.').waitFor();
    expect(await page.getByRole('link', { name: 'Cart (3)' }).count()).toBe(1);
    await checkA11y(page);

    await changeCartAndCheckout(page);
    const id = await placeOrder(page, 'js-guest@example.com');
    await expectOrder(id, 'js-guest@example.com');
    expect((await storeCart(context)).items).toEqual([]);
    await context.close();
  }, 90_000);

  it('should take the same path with JavaScript disabled, every step a plain form post', async () => {
    const { context, page } = await guest(false);
    await browse(page);

    await page.getByRole('link', { name: 'Hoodie' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Hoodie' }).waitFor();
    await page.getByLabel('Color').selectOption('Red');
    await page.getByLabel('Quantity', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/\/cart\/\?added=\d+$/);
    await page.getByText('“Hoodie” has been added to your cart.').waitFor();
    expect(await page.getByRole('link', { name: 'Cart (1)' }).count()).toBe(1);

    await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Tops' }).click();
    await page.getByRole('button', { name: 'Add to cart: “Plain Shirt”' }).click();
    await page.waitForURL(/\/cart\/\?added=\d+$/);
    expect(await page.getByRole('link', { name: 'Cart (2)' }).count()).toBe(1);
    await checkA11y(page);

    await changeCartAndCheckout(page);
    const id = await placeOrder(page, 'no-js-guest@example.com');
    await expectOrder(id, 'no-js-guest@example.com');
    await context.close();
  }, 90_000);

  it('should buy from a grouped product’s page: a quantity per child, one Add to cart', async () => {
    const mug = (await wc('GET', '/products?search=Enamel%20Mug'))[0];
    const towel = await wc('POST', '/products', { name: 'Tea Towel', regular_price: '4.50' });
    const set = await wc('POST', '/products', {
      name: 'Tea Set',
      type: 'grouped',
      grouped_products: [mug.id, towel.id],
    });
    const { context, page } = await guest(true);
    await page.goto(`${base}/shop/`);
    await checkA11y(page);
    await page.getByRole('link', { name: 'View products in the “Tea Set” group' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tea Set' }).waitFor();
    expect(await page.locator('[data-price]').textContent()).toBe('$4.50 – $8.00');
    await page.getByLabel('Quantity of Enamel Mug').fill('2');
    await page.getByLabel('Quantity of Tea Towel').fill('1');
    await checkA11y(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/\/cart\/\?added=/);
    await page.getByText('“Enamel Mug” and “Tea Towel” have been added to your cart.').waitFor();
    const cart = await storeCart(context);
    expect(cart.items.map((i) => [i.id, i.quantity])).toEqual([
      [mug.id, 2],
      [towel.id, 1],
    ]);
    expect((await wc('GET', `/products/${set.id}`)).type).toBe('grouped');
    await context.close();
  }, 60_000);

  it('should let a logged-in customer review a product, with errors at the fields first', async () => {
    const rita = await t.createUser({ role: 'customer', username: 'rita' });
    const { context, page } = await guest(true);
    await logInThroughForm(page, base, 'rita', rita.password);
    await page.goto(`${base}/product/${shirt.slug}/`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please correct the fields marked below.').waitFor();
    expect(await page.getByLabel('Your rating').getAttribute('aria-invalid')).toBe('true');
    await checkA11y(page);
    await page.getByLabel('Your rating').selectOption({ label: '4 – Good' });
    await page.getByLabel('Your review').fill('Soft & <b>sturdy</b>.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you, your review has been published.').waitFor();
    await page.getByText('Soft & <b>sturdy</b>.').waitFor();
    const [review] = await wc('GET', `/products/reviews?product=${shirt.id}`);
    expect(review).toMatchObject({ rating: 4, reviewer_email: rita.email, status: 'approved' });
    await context.close();
  }, 60_000);
});
