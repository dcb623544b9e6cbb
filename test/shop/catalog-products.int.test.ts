import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeCategory, makeProduct, makeVariation } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
});
afterAll(async () => t.close());

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

describe('wc/v3/products CRUD', () => {
  it('should create a simple product with decimal prices and read it back in WooCommerce shape', async () => {
    const cat = await makeCategory(t, admin, { name: 'Mugs' });
    const p = await makeProduct(t, admin, {
      name: 'Blue Mug',
      sku: 'MUG-BLUE',
      regular_price: '12.50',
      sale_price: '9.99',
      description: 'A mug.',
      categories: [{ id: cat.id }],
      images: [{ src: 'https://img.example/mug.jpg', alt: 'Mug' }],
      manage_stock: true,
      stock_quantity: 5,
    });
    expect(p).toMatchObject({
      name: 'Blue Mug',
      slug: 'blue-mug',
      sku: 'MUG-BLUE',
      type: 'simple',
      status: 'publish',
      price: '9.99',
      regular_price: '12.50',
      sale_price: '9.99',
      on_sale: true,
      purchasable: true,
      stock_status: 'instock',
      stock_quantity: 5,
      manage_stock: true,
      categories: [{ id: cat.id, name: 'Mugs', slug: 'mugs' }],
      average_rating: '0.00',
      rating_count: 0,
      total_sales: 0,
      permalink: 'http://shop.test/product/blue-mug/',
    });
    expect(p.images[0]).toMatchObject({ src: 'https://img.example/mug.jpg', alt: 'Mug', name: 'mug.jpg' });
    expect(p.price_html).toContain('<del');
    expect(p.date_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const read = await get(`/wp-json/wc/v3/products/${p.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(p);
  });

  it('should update prices and stock, and derive on_sale and stock_status', async () => {
    const p = await makeProduct(t, admin, {
      name: 'Update Me',
      regular_price: '10',
      manage_stock: true,
      stock_quantity: 1,
    });
    const r = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${p.id}`,
      headers: admin,
      payload: { regular_price: '20.00', stock_quantity: 0, name: 'Updated' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      name: 'Updated',
      price: '20.00',
      on_sale: false,
      stock_status: 'outofstock',
    });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${p.id}`,
      headers: admin,
      payload: { regular_price: '' },
    });
    expect(cleared.json()).toMatchObject({ price: '', regular_price: '', purchasable: false });
  });

  it('should refuse a negative price, an unknown category and a duplicate SKU with 400 and change nothing', async () => {
    const p = await makeProduct(t, admin, { name: 'Guarded', sku: 'GUARD-1', regular_price: '5.00' });
    const negative = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/products',
      headers: admin,
      payload: { name: 'Neg', regular_price: '-1.00' },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { errors: { regular_price: { min: expect.any(String) } } },
    });
    const badCategory = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${p.id}`,
      headers: admin,
      payload: { name: 'Changed', categories: [{ id: 99999 }] },
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().data.errors.categories).toEqual({ exists: expect.any(String) });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/products',
      headers: admin,
      payload: { name: 'Dup', sku: 'guard-1', regular_price: '1' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('product_invalid_sku');
    const saleAbove = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${p.id}`,
      headers: admin,
      payload: { sale_price: '6.00' },
    });
    expect(saleAbove.statusCode).toBe(400);
    const garbage = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${p.id}`,
      headers: admin,
      payload: { regular_price: '1.999' },
    });
    expect(garbage.json().data.errors.regular_price).toEqual({ numeric: expect.any(String) });
    const after = (await get(`/wp-json/wc/v3/products/${p.id}`)).json();
    expect(after).toMatchObject({
      name: 'Guarded',
      regular_price: '5.00',
      sale_price: '',
      categories: [{ slug: 'uncategorized' }],
    });
    const list = (await get('/wp-json/wc/v3/products?search=Dup')).json();
    expect(list).toEqual([]);
  });

  it('should give products created at once under the same name distinct slugs', async () => {
    const made = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/wp-json/wc/v3/products',
          headers: admin,
          payload: { name: 'Twin Vase', regular_price: '3' },
        }),
      ),
    );
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(made.map((r) => r.json().slug).sort()).toEqual([
      'twin-vase',
      'twin-vase-2',
      'twin-vase-3',
      'twin-vase-4',
    ]);
  });

  it('should delete only with force=true and answer 404 afterwards', async () => {
    const p = await makeProduct(t, admin, { name: 'Doomed', regular_price: '1' });
    const soft = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/products/${p.id}`,
      headers: admin,
    });
    expect(soft.statusCode).toBe(501);
    expect(soft.json().code).toBe('woocommerce_rest_trash_not_supported');
    const hard = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/products/${p.id}?force=true`,
      headers: admin,
    });
    expect(hard.statusCode).toBe(200);
    expect(hard.json().id).toBe(p.id);
    const gone = await get(`/wp-json/wc/v3/products/${p.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('woocommerce_rest_product_invalid_id');
  });

  it('should create grouped and external products', async () => {
    const a = await makeProduct(t, admin, { name: 'Part A', regular_price: '1' });
    const g = await makeProduct(t, admin, { name: 'Bundle', type: 'grouped', grouped_products: [a.id] });
    expect(g).toMatchObject({ type: 'grouped', grouped_products: [a.id], purchasable: false });
    const e = await makeProduct(t, admin, {
      name: 'Elsewhere',
      type: 'external',
      regular_price: '30',
      external_url: 'https://partner.example/item',
      button_text: 'Buy at partner',
    });
    expect(e).toMatchObject({
      external_url: 'https://partner.example/item',
      button_text: 'Buy at partner',
      purchasable: false,
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/products',
      headers: admin,
      payload: { name: 'Bad group', type: 'grouped', grouped_products: [999999] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products' });
    expect(anon.statusCode).toBe(401);
    const customer = await t.createUser({ role: 'customer' });
    const s = await t.login(customer);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/products',
      headers: s.headers,
      payload: { name: 'x' },
    });
    expect(forbidden.statusCode).toBe(403);
    const manager = await t.createUser({ role: 'shop_manager' });
    const m = await t.login(manager);
    const ok = await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products', headers: m.headers });
    expect(ok.statusCode).toBe(200);
  });
});

describe('wc/v3/products/{id}/variations', () => {
  it('should add variations, summarise price range and stock on the parent, and refuse bad attributes', async () => {
    const p = await makeProduct(t, admin, {
      name: 'Tee',
      type: 'variable',
      attributes: [
        { name: 'Color', options: ['Red', 'Blue'], variation: true },
        { name: 'Size', options: ['S', 'M'], variation: true },
      ],
    });
    expect(p).toMatchObject({ price: '', purchasable: false, variations: [] });
    const red = await makeVariation(t, admin, p.id, {
      regular_price: '20.00',
      sku: 'TEE-RED-S',
      attributes: [
        { name: 'Color', option: 'Red' },
        { name: 'size', option: 's' },
      ],
      manage_stock: true,
      stock_quantity: 3,
    });
    expect(red).toMatchObject({
      parent_id: p.id,
      price: '20.00',
      sku: 'TEE-RED-S',
      attributes: [
        { id: 0, name: 'Color', option: 'Red' },
        { id: 0, name: 'Size', option: 'S' },
      ],
      stock_status: 'instock',
    });
    await makeVariation(t, admin, p.id, {
      regular_price: '25.00',
      sale_price: '15.00',
      attributes: [
        { name: 'Color', option: 'Blue' },
        { name: 'Size', option: '' },
      ],
    });
    const parent = (await get(`/wp-json/wc/v3/products/${p.id}`)).json();
    expect(parent).toMatchObject({
      price: '15.00',
      on_sale: true,
      purchasable: true,
      stock_status: 'instock',
    });
    expect(parent.variations).toHaveLength(2);
    expect(parent.price_html).toContain('&ndash;');

    const bad = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/products/${p.id}/variations`,
      headers: admin,
      payload: { regular_price: '1', attributes: [{ name: 'Color', option: 'Green' }] },
    });
    expect(bad.statusCode).toBe(400);
    const list = await get(`/wp-json/wc/v3/products/${p.id}/variations`);
    expect(list.json()).toHaveLength(2);
    expect(list.headers['x-wp-total']).toBe('2');

    const upd = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${p.id}/variations/${red.id}`,
      headers: admin,
      payload: { stock_quantity: 0 },
    });
    expect(upd.json()).toMatchObject({ stock_status: 'outofstock', stock_quantity: 0 });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/products/${p.id}/variations/${red.id}?force=true`,
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
    const after = (await get(`/wp-json/wc/v3/products/${p.id}`)).json();
    expect(after.variations).toHaveLength(1);
    expect(after.price).toBe('15.00');
  });

  it('should refuse variations on a simple product and 404 for a foreign variation', async () => {
    const simple = await makeProduct(t, admin, { name: 'Plain', regular_price: '1' });
    const r = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/products/${simple.id}/variations`,
      headers: admin,
      payload: { regular_price: '1' },
    });
    expect(r.statusCode).toBe(400);
    const missing = await get(`/wp-json/wc/v3/products/${simple.id}/variations/999999`);
    expect(missing.statusCode).toBe(404);
  });
});

describe('wc/v3/products/categories', () => {
  it('should keep counts of published products right under concurrent writes, status changes and deletes', async () => {
    const cat = await makeCategory(t, admin, { name: 'Busy' });
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/wp-json/wc/v3/products',
          headers: admin,
          payload: { name: `Busy ${i}`, regular_price: '1', categories: [{ id: cat.id }] },
        }),
      ),
    );
    expect(made.every((r) => r.statusCode === 201)).toBe(true);
    const count = async () =>
      (await get(`/wp-json/wc/v3/products/categories/${cat.id}`)).json().count as number;
    expect(await count()).toBe(8);
    const [first, second] = made.map((r) => r.json());
    await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${first.id}`,
      headers: admin,
      payload: { status: 'draft' },
    });
    expect(await count()).toBe(7);
    const other = await makeCategory(t, admin, { name: 'Other' });
    await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/${second.id}`,
      headers: admin,
      payload: { categories: [{ id: other.id }] },
    });
    expect(await count()).toBe(6);
    expect((await get(`/wp-json/wc/v3/products/categories/${other.id}`)).json().count).toBe(1);
    await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/products/${made[2]!.json().id}?force=true`,
      headers: admin,
    });
    expect(await count()).toBe(5);
  });

  it('should create, list, update and delete categories, refusing bad parents and taken slugs', async () => {
    const parent = await makeCategory(t, admin, { name: 'Garden', description: 'Outside' });
    expect(parent).toMatchObject({
      name: 'Garden',
      slug: 'garden',
      parent: 0,
      description: 'Outside',
      count: 0,
      display: 'default',
      image: null,
    });
    const child = await makeCategory(t, admin, { name: 'Tools', parent: parent.id });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/products/categories',
      headers: admin,
      payload: { name: 'Garden' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('term_exists');
    const loop = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/categories/${parent.id}`,
      headers: admin,
      payload: { parent: child.id },
    });
    expect(loop.statusCode).toBe(400);
    const noName = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/products/categories',
      headers: admin,
      payload: { name: '' },
    });
    expect(noName.statusCode).toBe(400);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/products/categories/${child.id}`,
      headers: admin,
      payload: { name: 'Hand Tools' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Hand Tools', slug: 'tools' });
    const children = await get(`/wp-json/wc/v3/products/categories?parent=${parent.id}`);
    expect(children.json().map((c: any) => c.id)).toEqual([child.id]);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/wp-json/wc/v3/products/categories/${parent.id}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(501);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/products/categories/${parent.id}?force=true`,
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
    expect((await get(`/wp-json/wc/v3/products/categories/${child.id}`)).json().parent).toBe(0);
    expect((await get(`/wp-json/wc/v3/products/categories/${parent.id}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/products/categories' })).statusCode,
    ).toBe(401);
  });
});

describe('wc/v3/products list', () => {
  it('should filter, order and paginate with WordPress headers', async () => {
    const cat = await makeCategory(t, admin, { name: 'Listing' });
    const child = await makeCategory(t, admin, { name: 'Listing Child', parent: cat.id });
    const made = [];
    for (let i = 1; i <= 5; i++)
      made.push(
        await makeProduct(t, admin, {
          name: `Listed Lamp ${i}`,
          sku: `LAMP-${i}`,
          regular_price: `${i * 10}`,
          ...(i === 2 ? { sale_price: '5' } : {}),
          ...(i === 3 ? { status: 'draft' } : {}),
          ...(i === 4 ? { stock_status: 'outofstock' } : {}),
          categories: [{ id: i === 5 ? child.id : cat.id }],
        }),
      );
    const page1 = await get(`/wp-json/wc/v3/products?category=${cat.id}&orderby=price&order=asc&per_page=2`);
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['x-wp-total']).toBe('5');
    expect(page1.headers['x-wp-totalpages']).toBe('3');
    expect(page1.headers.link).toContain('rel="next"');
    expect(page1.json().map((p: any) => p.name)).toEqual(['Listed Lamp 2', 'Listed Lamp 1']);
    const past = await get(`/wp-json/wc/v3/products?category=${cat.id}&page=9`);
    expect(past.json()).toEqual([]);

    const names = async (qs: string) =>
      (await get(`/wp-json/wc/v3/products?category=${cat.id}&${qs}`)).json().map((p: any) => p.name);
    expect(await names('on_sale=true')).toEqual(['Listed Lamp 2']);
    expect(await names('status=draft')).toEqual(['Listed Lamp 3']);
    expect(await names('stock_status=outofstock')).toEqual(['Listed Lamp 4']);
    expect(await names('sku=lamp-5')).toEqual(['Listed Lamp 5']);
    expect((await names('sku=LAMP-1,LAMP-3&orderby=id&order=asc')).sort()).toEqual([
      'Listed Lamp 1',
      'Listed Lamp 3',
    ]);
    expect(await names(`include[]=${made[0].id}&include[]=${made[1].id}&orderby=include&order=asc`)).toEqual([
      'Listed Lamp 1',
      'Listed Lamp 2',
    ]);
    expect(await names(`include=${made[1].id},${made[0].id}&orderby=include&order=asc`)).toEqual([
      'Listed Lamp 2',
      'Listed Lamp 1',
    ]);
    expect(await names('search=lamp listed 4')).toEqual(['Listed Lamp 4']);
    expect(await names('orderby=title&order=desc&per_page=1')).toEqual(['Listed Lamp 5']);
  });

  it('should refuse per_page above 100 and an unknown orderby with 400', async () => {
    expect((await get('/wp-json/wc/v3/products?per_page=101')).statusCode).toBe(400);
    expect((await get('/wp-json/wc/v3/products?orderby=nope')).statusCode).toBe(400);
  });
});
