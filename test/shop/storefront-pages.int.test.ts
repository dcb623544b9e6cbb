import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { formBrowser } from '../helpers/form-browser.js';

// The storefront's core path without JavaScript, as a browser without scripts does it: GET pages, POST forms,
// follow 303s with the cart cookie; every result checked through the REST API.
let t: TestApp;
let admin: Record<string, string>;
let shirt: { id: number; slug: string };
let hoodie: { id: number; slug: string };
let category: { id: number; slug: string };

async function wc(method: 'GET' | 'POST', path: string, payload?: object) {
  const r = await t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  category = await wc('POST', '/products/categories', { name: 'Tops' });
  shirt = await wc('POST', '/products', {
    name: 'Plain <b>Shirt</b>',
    regular_price: '20.00',
    sale_price: '15.00',
    categories: [{ id: category.id }],
  });
  hoodie = await wc('POST', '/products', {
    name: 'Hoodie',
    type: 'variable',
    attributes: [{ name: 'Color', options: ['Blue', 'Red'], variation: true }],
  });
  for (const [color, price] of [
    ['Blue', '40.00'],
    ['Red', '45.00'],
  ])
    await wc('POST', `/products/${hoodie.id}/variations`, {
      regular_price: price,
      attributes: [{ name: 'Color', option: color }],
    });
});
afterAll(async () => t.close());

/** A browser without JavaScript: keeps cookies, posts forms. */
const visitor = () => formBrowser(t);

const nonceOf = (body: string) => body.match(/name="_wpnonce" value="([0-9a-f]{10})"/)![1]!;

describe('storefront pages without JavaScript', () => {
  it('should list products on the home page, search them and filter by category', async () => {
    const v = visitor();
    const home = await v.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('Plain &lt;b&gt;Shirt&lt;/b&gt;');
    expect(home.body).toContain('Add to cart');
    expect(home.body).toContain('Select options');
    expect(home.body).toContain(
      '<label class="screen-reader-text" for="site-search-field">Search products</label>',
    );
    const search = await v.get('/?s=hood');
    expect(search.body).toContain('Hoodie');
    expect(search.body).not.toContain('Plain &lt;b&gt;');
    const tops = await v.get(`/product-category/${category.slug}/`);
    expect(tops.body).toContain('Plain &lt;b&gt;Shirt');
    expect(tops.body).not.toContain('Hoodie');
    expect((await v.get('/product-category/nothing-here/')).statusCode).toBe(404);
    const sorted = await v.get('/shop/?orderby=price-desc');
    expect(sorted.body.indexOf('Hoodie')).toBeLessThan(sorted.body.indexOf('Plain &lt;b&gt;'));
  });

  it('should answer a page past the last one with 404 and a link to the first page', async () => {
    const v = visitor();
    const beyond = await v.get('/shop/?orderby=price&paged=5');
    expect(beyond.statusCode).toBe(404);
    expect(beyond.body).not.toContain('Showing 49');
    expect(beyond.body).toContain('<a href="/shop/?orderby=price">Go to the first page</a>');
    expect((await v.get('/?s=nothing-matches')).statusCode).toBe(200);
  });

  it('should show a product page with a labelled select per variation attribute, and 404 an unknown slug', async () => {
    const v = visitor();
    const page = await v.get(`/product/${hoodie.slug}/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Hoodie</h1>');
    expect(page.body).toContain('<label for="attribute-0">Color</label>');
    expect(page.body).toContain('<label for="quantity">Quantity</label>');
    expect((await v.get('/product/no-such-product/')).statusCode).toBe(404);
  });

  it('should add, change and remove lines, apply a coupon and place an order with plain form posts', async () => {
    await wc('POST', '/coupons', { code: 'tenoff', discount_type: 'fixed_cart', amount: '10.00' });
    const v = visitor();
    const added = await v.post('/cart/', { 'add-to-cart': String(shirt.id), quantity: '2' });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`/cart/?added=${shirt.id}`);
    expect(v.cookie()).toContain('storeside_cart=');
    const variable = await v.post('/cart/', {
      'add-to-cart': String(hoodie.id),
      attribute_Color: 'Red',
      quantity: '1',
    });
    expect(variable.statusCode).toBe(303);
    let cart = await v.get(variable.headers.location!.toString());
    expect(cart.body).toContain('“Hoodie” has been added to your cart.');
    expect(cart.body).toContain('Hoodie');
    const key = cart.body.match(/name="qty_([^"]+)" value="2"/)![1]!;

    const forged = await v.post('/cart/', { [`qty_${key}`]: '5', update_cart: '1' });
    expect(forged.statusCode).toBe(403);
    const changed = await v.post('/cart/', {
      _wpnonce: nonceOf(cart.body),
      [`qty_${key}`]: '3',
      update_cart: '1',
    });
    expect(changed.statusCode).toBe(303);
    cart = await v.get('/cart/');
    expect(cart.body).toContain(`name="qty_${key}" value="3"`);
    const bad = await v.post('/cart/', {
      _wpnonce: nonceOf(cart.body),
      [`qty_${key}`]: 'many',
      update_cart: '1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('must be a whole number');
    const coupon = await v.post('/cart/', {
      _wpnonce: nonceOf(cart.body),
      coupon_code: 'TENOFF',
      apply_coupon: '1',
    });
    expect(coupon.statusCode).toBe(303);
    cart = await v.get('/cart/');
    expect(cart.body).toContain('Coupon: tenoff');
    // 3 × $15 + $45 − $10
    expect(cart.body).toContain('<strong data-cart-total>$80.00</strong>');

    const checkout = await v.get('/checkout/');
    expect(checkout.body).toContain('<label for="billing_email">Email address');
    const invalid = await v.post('/checkout/', {
      _wpnonce: nonceOf(checkout.body),
      billing_email: 'not-an-email',
      payment_method: 'cod',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('id="billing_email-error">Enter a valid e-mail address.');
    expect(invalid.body).toContain('id="billing_first_name-error">First name is required.');
    expect(invalid.body).toContain('value="not-an-email"');
    const placed = await v.post('/checkout/', {
      _wpnonce: nonceOf(checkout.body),
      billing_email: 'shopper@example.com',
      billing_first_name: 'Sam',
      billing_last_name: 'Shopper',
      billing_address_1: '1 Main St',
      billing_city: 'Springfield',
      billing_postcode: '12345',
      billing_country: 'US',
      billing_state: 'IL',
      payment_method: 'bacs',
    });
    expect(placed.statusCode).toBe(303);
    const match = placed.headers
      .location!.toString()
      .match(/^\/checkout\/order-received\/(\d+)\/\?key=(.+)$/)!;
    const order = await wc('GET', `/orders/${match[1]}`);
    expect(order).toMatchObject({ status: 'on-hold', total: '80.00', payment_method: 'bacs' });
    expect(order.billing.email).toBe('shopper@example.com');
    const received = await v.get(placed.headers.location!.toString());
    expect(received.body).toContain(`Order number: <strong>${match[1]}</strong>`);
    expect((await v.get(`/checkout/order-received/${match[1]}/?key=wrong`)).statusCode).toBe(404);
    expect((await v.get('/cart/')).body).toContain('Your cart is currently empty.');
  });

  it('should apply a coupon from the checkout page and come back to it', async () => {
    await wc('POST', '/coupons', { code: 'fivepct', discount_type: 'percent', amount: '5' });
    const v = visitor();
    await v.post('/cart/', { 'add-to-cart': String(shirt.id), quantity: '1' });
    const checkout = await v.get('/checkout/');
    expect(checkout.body).toContain('<label for="checkout_coupon_code">Coupon code</label>');
    const applied = await v.post('/cart/', {
      _wpnonce: nonceOf(checkout.body),
      redirect: 'checkout',
      coupon_code: 'fivepct',
      apply_coupon: '1',
    });
    expect(applied.statusCode).toBe(303);
    expect(applied.headers.location).toBe('/checkout/?coupon=applied');
    const after = await v.get('/checkout/?coupon=applied');
    expect(after.body).toContain('Coupon code applied successfully.');
    expect(after.body).toContain('Coupon: fivepct');
  });
});
