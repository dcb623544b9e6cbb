import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeProduct, makeVariation } from './catalog-helpers.js';

// WooCommerce's payload habits on products: prices answered as sent, the shipping/tax/review fields, meta_data,
// a product without a name.
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
});
afterAll(async () => t.close());

const wc = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers, payload });

describe('prices as sent', () => {
  it('should answer a price in the form it was sent, keep minor units for the Store API and sorting', async () => {
    const p = await makeProduct(t, admin, { name: 'Plain Tee', regular_price: '25', sale_price: '19.5' });
    expect(p).toMatchObject({ regular_price: '25', sale_price: '19.5', price: '19.5', on_sale: true });
    expect((await wc('GET', `/products/${p.id}`)).json()).toMatchObject({
      regular_price: '25',
      price: '19.5',
    });
    const cheap = await makeProduct(t, admin, { name: 'Plain Sock', regular_price: '9' });
    const two = await makeProduct(t, admin, { name: 'Plain Cap', regular_price: '010.50' });
    expect(two.regular_price).toBe('10.50');
    const sorted = (await wc('GET', '/products?search=Plain&orderby=price&order=asc')).json();
    expect(sorted.map((x: { id: number }) => x.id)).toEqual([cheap.id, two.id, p.id]);

    const store = await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${p.id}` });
    expect(store.json().prices).toMatchObject({ price: '1950', regular_price: '2500', sale_price: '1950' });
    expect(store.json().price_html).toContain('25.00');
    const page = await t.app.inject({ method: 'GET', url: `/product/${p.slug}/` });
    expect(page.body).toContain('19.50');
  });

  it('should keep the sent form of a price the update leaves alone, and format one set without it', async () => {
    const p = await makeProduct(t, admin, { name: 'Kept Form', regular_price: '30', sale_price: '20' });
    const updated = (await wc('PUT', `/products/${p.id}`, { sale_price: '' })).json();
    expect(updated).toMatchObject({ regular_price: '30', sale_price: '', price: '30', on_sale: false });
    const again = (await wc('PUT', `/products/${p.id}`, { regular_price: '31.0' })).json();
    expect(again).toMatchObject({ regular_price: '31.0', price: '31.0' });
    const number = (await wc('PUT', `/products/${p.id}`, { regular_price: 32 })).json();
    expect(number).toMatchObject({ regular_price: '32' });
  });

  it('should answer variation prices as sent, and a variable product with its cheapest variation as sent', async () => {
    const p = await makeProduct(t, admin, {
      name: 'Sent Hoodie',
      type: 'variable',
      attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
    });
    const small = await makeVariation(t, admin, p.id, {
      regular_price: '40',
      attributes: [{ name: 'Size', option: 'S' }],
    });
    await makeVariation(t, admin, p.id, {
      regular_price: '45.5',
      attributes: [{ name: 'Size', option: 'M' }],
    });
    expect(small).toMatchObject({ regular_price: '40', price: '40', sale_price: '' });
    const read = (await wc('GET', `/products/${p.id}`)).json();
    expect(read).toMatchObject({ price: '40', regular_price: '40' });
    const sale = (await wc('PUT', `/products/${p.id}/variations/${small.id}`, { sale_price: '35' })).json();
    expect(sale).toMatchObject({ regular_price: '40', sale_price: '35', price: '35', on_sale: true });
  });
});

describe('WooCommerce product fields', () => {
  const fields = {
    post_password: 'secret',
    virtual: true,
    downloadable: true,
    tax_status: 'shipping',
    tax_class: 'reduced-rate',
    weight: '1.5',
    dimensions: { length: '10', width: '5.5', height: '2' },
    shipping_class: 'bulky',
    reviews_allowed: false,
    purchase_note: 'Thanks for buying!',
    menu_order: 3,
  };

  it('should store and return the fields, with shipping_required derived from virtual', async () => {
    const p = await makeProduct(t, admin, { name: 'Fielded', regular_price: '5', ...fields });
    expect(p).toMatchObject({
      ...fields,
      shipping_required: false,
      shipping_taxable: false,
      shipping_class_id: 0,
    });
    expect((await wc('GET', `/products/${p.id}`)).json()).toMatchObject(fields);
    const changed = (
      await wc('PUT', `/products/${p.id}`, { virtual: false, dimensions: { height: '3' }, weight: '' })
    ).json();
    expect(changed).toMatchObject({
      virtual: false,
      shipping_required: true,
      shipping_taxable: true,
      weight: '',
      dimensions: { length: '10', width: '5.5', height: '3' },
      purchase_note: 'Thanks for buying!',
    });
    const plain = await makeProduct(t, admin, { name: 'Defaults' });
    expect(plain).toMatchObject({
      post_password: '',
      virtual: false,
      downloadable: false,
      tax_status: 'taxable',
      tax_class: '',
      weight: '',
      dimensions: { length: '', width: '', height: '' },
      shipping_class: '',
      shipping_required: true,
      reviews_allowed: true,
      purchase_note: '',
      meta_data: [],
    });
  });

  it('should refuse a weight or dimension that is not a decimal, and a bad tax_status, changing nothing', async () => {
    const p = await makeProduct(t, admin, { name: 'Weighed', weight: '2' });
    const bad = await wc('PUT', `/products/${p.id}`, { weight: 'heavy', purchase_note: 'changed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(bad.json().data.params.weight).toBeDefined();
    const dim = await wc('PUT', `/products/${p.id}`, { dimensions: { width: '-1' } });
    expect(dim.statusCode).toBe(400);
    expect(dim.json().data.params['dimensions.width']).toBeDefined();
    const tax = await wc('PUT', `/products/${p.id}`, { tax_status: 'sometimes' });
    expect(tax.statusCode).toBe(400);
    expect((await wc('GET', `/products/${p.id}`)).json()).toMatchObject({
      weight: '2',
      purchase_note: '',
      tax_status: 'taxable',
    });
  });

  it('should add, update and delete meta_data by key and by id as WooCommerce does', async () => {
    const p = await makeProduct(t, admin, {
      name: 'Meta Mug',
      meta_data: [
        { key: 'color_code', value: '#00f' },
        { key: 'specs', value: { cups: 2 } },
      ],
    });
    expect(p.meta_data).toEqual([
      { id: expect.any(Number), key: 'color_code', value: '#00f' },
      { id: expect.any(Number), key: 'specs', value: { cups: 2 } },
    ]);
    const [color, specs] = p.meta_data;
    const byKey = (
      await wc('PUT', `/products/${p.id}`, { meta_data: [{ key: 'color_code', value: '#f00' }] })
    ).json();
    expect(byKey.meta_data).toEqual([
      { id: color.id, key: 'color_code', value: '#f00' },
      { id: specs.id, key: 'specs', value: { cups: 2 } },
    ]);
    const byId = (
      await wc('PUT', `/products/${p.id}`, {
        meta_data: [
          { id: specs.id, key: 'specs', value: [1, 2] },
          { key: 'added', value: 7 },
        ],
      })
    ).json();
    expect(byId.meta_data).toEqual([
      { id: color.id, key: 'color_code', value: '#f00' },
      { id: specs.id, key: 'specs', value: [1, 2] },
      { id: expect.any(Number), key: 'added', value: 7 },
    ]);
    const deleted = (
      await wc('PUT', `/products/${p.id}`, {
        meta_data: [{ key: 'color_code', value: null }, { key: 'added' }],
      })
    ).json();
    expect(deleted.meta_data).toEqual([{ id: specs.id, key: 'specs', value: [1, 2] }]);
    const noKey = await wc('PUT', `/products/${p.id}`, { meta_data: [{ value: 1 }] });
    expect(noKey.statusCode).toBe(400);
  });

  it('should store shipping, tax and meta fields on variations', async () => {
    const p = await makeProduct(t, admin, {
      name: 'Var Fields',
      type: 'variable',
      attributes: [{ name: 'Size', options: ['S'], variation: true }],
    });
    const v = await makeVariation(t, admin, p.id, {
      regular_price: '3',
      attributes: [{ name: 'Size', option: 'S' }],
      virtual: true,
      weight: '0.2',
      dimensions: { length: '1', width: '2', height: '3' },
      tax_class: 'zero-rate',
      shipping_class: 'small',
      meta_data: [{ key: 'gtin', value: '123' }],
    });
    expect(v).toMatchObject({
      virtual: true,
      downloadable: false,
      tax_status: 'taxable',
      weight: '0.2',
      dimensions: { length: '1', width: '2', height: '3' },
      tax_class: 'zero-rate',
      shipping_class: 'small',
      meta_data: [{ key: 'gtin', value: '123' }],
    });
    const list = (await wc('GET', `/products/${p.id}/variations`)).json();
    expect(list[0].meta_data).toEqual(v.meta_data);
    const updated = (
      await wc('PUT', `/products/${p.id}/variations/${v.id}`, { meta_data: [{ key: 'gtin', value: null }] })
    ).json();
    expect(updated).toMatchObject({ meta_data: [], virtual: true });
  });

  it('should order products by menu_order', async () => {
    const later = await makeProduct(t, admin, { name: 'Menu B', menu_order: 2 });
    const first = await makeProduct(t, admin, { name: 'Menu A', menu_order: 1 });
    const list = (await wc('GET', '/products?search=Menu&orderby=menu_order&order=asc')).json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([first.id, later.id]);
  });

  it('should name a product created without a name "Product"', async () => {
    const p = await makeProduct(t, admin, { regular_price: '1' });
    expect(p).toMatchObject({ name: 'Product', slug: 'product' });
    const second = await makeProduct(t, admin, { name: '  ' });
    expect(second).toMatchObject({ name: 'Product', slug: 'product-2' });
  });
});

describe('reviews_allowed', () => {
  it('should refuse reviews of a product with reviews closed, through wc/v3, the Store API and the storefront', async () => {
    const open = await makeProduct(t, admin, { name: 'Open Lamp', regular_price: '10' });
    const closed = await makeProduct(t, admin, {
      name: 'Closed Lamp',
      regular_price: '10',
      reviews_allowed: false,
    });
    const manager = await wc('POST', '/products/reviews', {
      product_id: closed.id,
      review: 'Nice',
      reviewer: 'Ann',
      reviewer_email: 'ann@example.com',
      rating: 5,
    });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toMatchObject({ code: 'rest_comment_closed', data: { status: 403 } });

    const user = await t.createUser({ role: 'customer' });
    const session = await t.login(user);
    const store = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/products/reviews',
      headers: session.headers,
      payload: { product_id: closed.id, review: 'Nice', rating: 5 },
    });
    expect(store.statusCode).toBe(403);

    const closedPage = await t.app.inject({
      method: 'GET',
      url: `/product/${closed.slug}/`,
      headers: { cookie: session.cookie },
    });
    expect(closedPage.body).toContain('Reviews are closed for this product.');
    expect(closedPage.body).not.toContain('class="review-form"');
    const openPage = await t.app.inject({
      method: 'GET',
      url: `/product/${open.slug}/`,
      headers: { cookie: session.cookie },
    });
    const nonce = openPage.body.match(
      /action="\/product\/[^"]+\/review\/"[^>]*>\s*<input type="hidden" name="_wpnonce" value="([0-9a-f]{10})"/,
    )![1]!;
    const posted = await t.app.inject({
      method: 'POST',
      url: `/product/${closed.slug}/review/`,
      headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _wpnonce: nonce, rating: '5', comment: 'Nice' }).toString(),
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.body).toContain('Reviews are closed for this product.');
    const stored = (await wc('GET', `/products/reviews?product=${closed.id}&status=all`)).json();
    expect(stored).toEqual([]);

    await wc('PUT', `/products/${closed.id}`, { reviews_allowed: true });
    const reopened = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/products/reviews',
      headers: session.headers,
      payload: { product_id: closed.id, review: 'Nice', rating: 5 },
    });
    expect(reopened.statusCode, reopened.body).toBe(201);
  });
});
