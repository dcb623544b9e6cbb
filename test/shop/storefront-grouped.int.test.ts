import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBrowser } from '../helpers/form-browser.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// A grouped product as WooCommerce shows it: its children's price range in the grid and on its page, each child
// with its price, stock and a quantity, and one Add to cart that adds every child with a quantity above 0.
let t: TestApp;
let admin: Record<string, string>;
let skillet: { id: number };
let board: { id: number };
let kettle: { id: number };
let hoodie: { id: number };
let group: { id: number; slug: string };
let stranger: { id: number };

async function wc(method: 'GET' | 'POST', path: string, payload?: object) {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  skillet = await wc('POST', '/products', {
    name: 'Skillet',
    regular_price: '25.00',
    manage_stock: true,
    stock_quantity: 7,
  });
  board = await wc('POST', '/products', { name: 'Cutting Board', regular_price: '10.00' });
  kettle = await wc('POST', '/products', {
    name: 'Kettle',
    regular_price: '30.00',
    stock_status: 'outofstock',
  });
  hoodie = await wc('POST', '/products', {
    name: 'Apron',
    type: 'variable',
    attributes: [{ name: 'Color', options: ['Blue'], variation: true }],
  });
  await wc('POST', `/products/${hoodie.id}/variations`, {
    regular_price: '12.00',
    attributes: [{ name: 'Color', option: 'Blue' }],
  });
  stranger = await wc('POST', '/products', { name: 'Stranger', regular_price: '1.00' });
  group = await wc('POST', '/products', {
    name: 'Kitchen Starter Set',
    type: 'grouped',
    grouped_products: [skillet.id, board.id, kettle.id, hoodie.id],
  });
});
afterAll(async () => t.close());

const storeCart = async (cookie: string) => {
  const r = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart', headers: { cookie } });
  return r.json() as { items: Array<{ id: number; quantity: number }> };
};

describe('a grouped product in the storefront', () => {
  it('should show its children’s price range in the grid, on its page and in the REST price_html', async () => {
    const v = formBrowser(t);
    const shop = await v.get('/shop/');
    const card = shop.body.slice(shop.body.indexOf('Kitchen Starter Set'));
    expect(card.slice(0, card.indexOf('</li>'))).toMatch(/\$<\/span>10\.00.*&ndash;.*\$<\/span>30\.00/s);
    expect(shop.body).toContain(
      `aria-label="View products in the “Kitchen Starter Set” group">View products</a>`,
    );
    const page = await v.get(`/product/${group.slug}/`);
    expect(page.body).toMatch(/data-price>.*10\.00.*&ndash;.*30\.00/s);
    expect((await wc('GET', `/products/${group.id}`)).price_html).toMatch(/10\.00.*&ndash;.*30\.00/);
    const store = await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${group.id}` });
    expect(store.json()).toMatchObject({
      prices: { price_range: { min_amount: '1000', max_amount: '3000' } },
      add_to_cart: { text: 'View products', description: 'View products in the “Kitchen Starter Set” group' },
    });
  });

  it('should list each child with its price, stock and a quantity, or its own button when it cannot be added here', async () => {
    const page = await formBrowser(t).get(`/product/${group.slug}/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<caption class="screen-reader-text">Products in Kitchen Starter Set</caption>',
    );
    expect(page.body).toContain(
      `<label class="screen-reader-text" for="quantity-${skillet.id}">Quantity of Skillet</label><input type="number" id="quantity-${skillet.id}" name="quantity[${skillet.id}]" value="0" min="0"`,
    );
    expect(page.body).toContain('7 in stock');
    expect(page.body).not.toContain(`name="quantity[${kettle.id}]"`);
    expect(page.body).toContain('Out of stock');
    expect(page.body).toContain('aria-label="Read more about “Kettle”">Read more</a>');
    expect(page.body).toContain('aria-label="Select options for “Apron”">Select options</a>');
    expect(page.body).toContain(`<input type="hidden" name="add-to-cart" value="${group.id}">`);
  });

  it('should add every child posted with a quantity above 0 and say so', async () => {
    const v = formBrowser(t);
    const added = await v.post('/cart/', {
      'add-to-cart': String(group.id),
      [`quantity[${skillet.id}]`]: '2',
      [`quantity[${board.id}]`]: '1',
      [`quantity[${kettle.id}]`]: '0',
    });
    expect(added.statusCode, added.body).toBe(303);
    expect(added.headers.location).toBe(`/cart/?added=${skillet.id},${board.id}`);
    const cart = await v.get(added.headers.location!.toString());
    expect(cart.body).toContain('“Skillet” and “Cutting Board” have been added to your cart.');
    expect((await storeCart(v.cookie())).items.map((i) => [i.id, i.quantity])).toEqual([
      [skillet.id, 2],
      [board.id, 1],
    ]);
  });

  it('should refuse a post without a quantity, with a product not in the group, or for a product that is not grouped', async () => {
    const v = formBrowser(t);
    const none = await v.post('/cart/', {
      'add-to-cart': String(group.id),
      [`quantity[${skillet.id}]`]: '0',
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Please choose the quantity of items you wish to add to your cart.');
    const foreign = await v.post('/cart/', {
      'add-to-cart': String(group.id),
      [`quantity[${stranger.id}]`]: '1',
    });
    expect(foreign.statusCode).toBe(400);
    const notGrouped = await v.post('/cart/', {
      'add-to-cart': String(board.id),
      [`quantity[${skillet.id}]`]: '1',
    });
    expect(notGrouped.statusCode).toBe(400);
    const bad = await v.post('/cart/', {
      'add-to-cart': String(group.id),
      [`quantity[${skillet.id}]`]: 'lots',
    });
    expect(bad.statusCode).toBe(400);
    expect((await storeCart(v.cookie())).items).toEqual([]);
  });
});
