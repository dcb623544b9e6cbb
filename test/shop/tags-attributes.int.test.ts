import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeProduct } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url: `/wp-json${url}`, headers, ...(payload ? { payload } : {}) });
const created = async (url: string, payload: object) => {
  const r = await call('POST', url, payload);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Record<string, any>;
};

describe('wc/v3/products/tags', () => {
  it('should answer 401 to anonymous callers and 403 to customers on every tag route', async () => {
    const tag = await created('/wc/v3/products/tags', { name: 'Guarded' });
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/wc/v3/products/tags'],
      ['POST', '/wc/v3/products/tags', { name: 'x' }],
      ['GET', `/wc/v3/products/tags/${tag.id}`],
      ['PUT', `/wc/v3/products/tags/${tag.id}`, { name: 'y' }],
      ['DELETE', `/wc/v3/products/tags/${tag.id}?force=true`],
      ['POST', '/wc/v3/products/tags/batch', { create: [{ name: 'z' }] }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, body, {})).statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await call(method, url, body, customer);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json().code).toBe('rest_forbidden');
    }
    expect((await call('GET', `/wc/v3/products/tags/${tag.id}`)).json().name).toBe('Guarded');
  });

  it('should create, read, update, page and delete tags in WooCommerce shape', async () => {
    const tag = await created('/wc/v3/products/tags', { name: 'Summer Sale', description: 'Hot' });
    expect(tag).toEqual({
      id: tag.id,
      name: 'Summer Sale',
      slug: 'summer-sale',
      description: 'Hot',
      count: 0,
    });
    const changed = await call('PUT', `/wc/v3/products/tags/${tag.id}`, { name: 'Summer', slug: 'summer' });
    expect(changed.json()).toMatchObject({ name: 'Summer', slug: 'summer' });
    for (const name of ['Alpha', 'Beta', 'Gamma']) await created('/wc/v3/products/tags', { name });
    const page = await call('GET', '/wc/v3/products/tags?per_page=2&page=1&orderby=name&order=asc');
    expect(page.headers['x-wp-total']).toBe(String(Number(page.headers['x-wp-total'])));
    expect(Number(page.headers['x-wp-totalpages'])).toBe(Math.ceil(Number(page.headers['x-wp-total']) / 2));
    expect(page.headers.link).toContain('rel="next"');
    expect(page.json()).toHaveLength(2);
    const found = await call('GET', '/wc/v3/products/tags?search=amm');
    expect(found.json().map((x: { name: string }) => x.name)).toEqual(['Gamma']);
    const refused = await call('DELETE', `/wc/v3/products/tags/${tag.id}`);
    expect(refused.statusCode).toBe(501);
    expect(refused.json().code).toBe('woocommerce_rest_trash_not_supported');
    const deleted = await call('DELETE', `/wc/v3/products/tags/${tag.id}?force=true`);
    expect(deleted.json()).toMatchObject({ id: tag.id, name: 'Summer' });
    const gone = await call('GET', `/wc/v3/products/tags/${tag.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('woocommerce_rest_term_invalid');
  });

  it('should refuse bad input with 400 naming the field and change nothing', async () => {
    const noName = await call('POST', '/wc/v3/products/tags', { description: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { name: expect.any(String) } },
    });
    const badType = await call('POST', '/wc/v3/products/tags', { name: { text: 'x' } });
    expect(badType.statusCode).toBe(400);
    await created('/wc/v3/products/tags', { name: 'Unique' });
    const taken = await call('POST', '/wc/v3/products/tags', { name: 'unique' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().code).toBe('term_exists');
    expect((await call('GET', '/wc/v3/products/tags?slug=unique')).json()).toHaveLength(1);
    expect((await call('GET', '/wc/v3/products/tags?orderby=nonsense')).statusCode).toBe(400);
  });

  it('should batch create, update and delete tags', async () => {
    const old = await created('/wc/v3/products/tags', { name: 'Batch Old' });
    const r = await call('POST', '/wc/v3/products/tags/batch', {
      create: [{ name: 'Batch New' }, { description: 'no name' }],
      update: [{ id: old.id, description: 'changed' }],
      delete: [old.id],
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.create[0]).toMatchObject({ name: 'Batch New', slug: 'batch-new' });
    expect(body.create[1].error).toMatchObject({ code: 'rest_invalid_param' });
    expect(body.update[0]).toMatchObject({ id: old.id, description: 'changed' });
    expect(body.delete[0]).toMatchObject({ id: old.id });
  });
});

describe('wc/v3/products/attributes and terms', () => {
  it('should answer 401 and 403 on every attribute and term route', async () => {
    const attribute = await created('/wc/v3/products/attributes', { name: 'Guard' });
    const term = await created(`/wc/v3/products/attributes/${attribute.id}/terms`, { name: 'One' });
    const base = `/wc/v3/products/attributes/${attribute.id}`;
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/wc/v3/products/attributes'],
      ['POST', '/wc/v3/products/attributes', { name: 'x' }],
      ['GET', base],
      ['PUT', base, { name: 'y' }],
      ['DELETE', `${base}?force=true`],
      ['POST', '/wc/v3/products/attributes/batch', { create: [{ name: 'z' }] }],
      ['GET', `${base}/terms`],
      ['POST', `${base}/terms`, { name: 'x' }],
      ['GET', `${base}/terms/${term.id}`],
      ['PUT', `${base}/terms/${term.id}`, { name: 'y' }],
      ['DELETE', `${base}/terms/${term.id}?force=true`],
      ['POST', `${base}/terms/batch`, { create: [{ name: 'z' }] }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, body, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, body, customer)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('should keep attributes and terms in WooCommerce shape, with paged terms', async () => {
    const attribute = await created('/wc/v3/products/attributes', { name: 'Size', order_by: 'name' });
    expect(attribute).toEqual({
      id: attribute.id,
      name: 'Size',
      slug: 'pa_size',
      type: 'select',
      order_by: 'name',
      has_archives: false,
    });
    const base = `/wc/v3/products/attributes/${attribute.id}`;
    const small = await created(`${base}/terms`, { name: 'Small', menu_order: 2, description: 'S' });
    expect(small).toEqual({
      id: small.id,
      name: 'Small',
      slug: 'small',
      description: 'S',
      menu_order: 2,
      count: 0,
    });
    await created(`${base}/terms`, { name: 'Large', menu_order: 1 });
    await created(`${base}/terms`, { name: 'Medium', menu_order: 3 });
    const byOrder = await call('GET', `${base}/terms?orderby=menu_order&per_page=2`);
    expect(byOrder.headers['x-wp-total']).toBe('3');
    expect(byOrder.headers['x-wp-totalpages']).toBe('2');
    expect(byOrder.json().map((x: { name: string }) => x.name)).toEqual(['Large', 'Small']);
    const list = await call('GET', '/wc/v3/products/attributes');
    expect(list.json()).toContainEqual(expect.objectContaining({ id: attribute.id, slug: 'pa_size' }));
    const renamed = await call('PUT', base, { name: 'Sizes', has_archives: true });
    expect(renamed.json()).toMatchObject({ name: 'Sizes', has_archives: true, slug: 'pa_size' });
    const term = await call('PUT', `${base}/terms/${small.id}`, { name: 'Tiny' });
    expect(term.json()).toMatchObject({ name: 'Tiny', slug: 'small' });
    const refused = await call('DELETE', `${base}/terms/${small.id}`);
    expect(refused.statusCode).toBe(501);
    expect((await call('DELETE', `${base}/terms/${small.id}?force=true`)).json().name).toBe('Tiny');
    expect((await call('GET', `${base}/terms/${small.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}?force=true`)).json().name).toBe('Sizes');
    const gone = await call('GET', base);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('woocommerce_rest_taxonomy_invalid');
    expect((await call('GET', `${base}/terms`)).statusCode).toBe(404);
  });

  it('should refuse bad attribute and term input with 400 naming the field', async () => {
    const noName = await call('POST', '/wc/v3/products/attributes', { slug: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().data.params.name).toBeDefined();
    const longSlug = await call('POST', '/wc/v3/products/attributes', { name: 'A', slug: 'a'.repeat(29) });
    expect(longSlug.statusCode).toBe(400);
    expect(longSlug.json().data.params.slug).toContain('28');
    const badOrder = await call('POST', '/wc/v3/products/attributes', { name: 'A', order_by: 'random' });
    expect(badOrder.statusCode).toBe(400);
    const badType = await call('POST', '/wc/v3/products/attributes', { name: 'A', type: 'color' });
    expect(badType.statusCode).toBe(400);
    const first = await created('/wc/v3/products/attributes', { name: 'Material' });
    const taken = await call('POST', '/wc/v3/products/attributes', { name: 'Other', slug: 'pa_material' });
    expect(taken.statusCode).toBe(400);
    const termNoName = await call('POST', `/wc/v3/products/attributes/${first.id}/terms`, { slug: 'x' });
    expect(termNoName.statusCode).toBe(400);
    expect(termNoName.json().data.params.name).toBeDefined();
    await created(`/wc/v3/products/attributes/${first.id}/terms`, { name: 'Wool' });
    const termTaken = await call('POST', `/wc/v3/products/attributes/${first.id}/terms`, { name: 'wool' });
    expect(termTaken.json().code).toBe('term_exists');
    const unknown = await call('POST', '/wc/v3/products/attributes/999999/terms', { name: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('should batch attributes and terms', async () => {
    const r = await call('POST', '/wc/v3/products/attributes/batch', { create: [{ name: 'Finish' }] });
    expect(r.statusCode, r.body).toBe(200);
    const attribute = r.json().create[0];
    expect(attribute.slug).toBe('pa_finish');
    const terms = await call('POST', `/wc/v3/products/attributes/${attribute.id}/terms/batch`, {
      create: [{ name: 'Matte' }, { name: 'Gloss' }, {}],
    });
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json().create.map((x: { name?: string }) => x.name)).toEqual(['Matte', 'Gloss', undefined]);
    expect(terms.json().create[2].error.code).toBe('rest_invalid_param');
  });
});

describe('tags and global attributes on products', () => {
  it('should write tags by id or name, global attributes by id, keep counts and filter', async () => {
    const color = await created('/wc/v3/products/attributes', { name: 'Color' });
    const red = await created(`/wc/v3/products/attributes/${color.id}/terms`, { name: 'Red' });
    const blue = await created(`/wc/v3/products/attributes/${color.id}/terms`, { name: 'Blue' });
    const eco = await created('/wc/v3/products/tags', { name: 'Eco' });
    const p = await makeProduct(t, admin, {
      name: 'Tagged Shirt',
      regular_price: '10',
      tags: [{ id: eco.id }, { name: 'Cotton Wear' }],
      attributes: [
        { id: color.id, options: ['Red', 'Green'], visible: true, variation: false },
        { name: 'Fit', options: ['Slim'], visible: false },
      ],
    });
    expect(p.tags.map((x: { name: string }) => x.name)).toEqual(['Cotton Wear', 'Eco']);
    expect(p.tags[1]).toEqual({ id: eco.id, name: 'Eco', slug: 'eco' });
    expect(p.attributes).toEqual([
      {
        id: color.id,
        name: 'Color',
        position: 0,
        visible: true,
        variation: false,
        options: ['Green', 'Red'],
      },
      { id: 0, name: 'Fit', position: 1, visible: false, variation: false, options: ['Slim'] },
    ]);
    const green = (await call('GET', `/wc/v3/products/attributes/${color.id}/terms?search=Green`)).json()[0];
    const ofProduct = await call(
      'GET',
      `/wc/v3/products/tags?product=${p.id}&orderby=include&include=${eco.id},${p.tags[0].id}`,
    );
    expect(ofProduct.json().map((x: { name: string }) => x.name)).toEqual(['Eco', 'Cotton Wear']);
    const termsOf = await call(
      'GET',
      `/wc/v3/products/attributes/${color.id}/terms?product=${p.id}&exclude=${red.id}`,
    );
    expect(termsOf.json().map((x: { name: string }) => x.name)).toEqual(['Green']);
    expect(green).toMatchObject({ name: 'Green', count: 1 });
    expect((await call('GET', `/wc/v3/products/tags/${eco.id}`)).json().count).toBe(1);
    const other = await makeProduct(t, admin, {
      name: 'Blue Shirt',
      regular_price: '12',
      attributes: [{ id: color.id, options: ['Blue'] }],
    });
    const byTag = await call('GET', `/wc/v3/products?tag=${eco.id}`);
    expect(byTag.json().map((x: { id: number }) => x.id)).toEqual([p.id]);
    const byTerm = await call('GET', `/wc/v3/products?attribute=pa_color&attribute_term=${blue.id}`);
    expect(byTerm.json().map((x: { id: number }) => x.id)).toEqual([other.id]);
    const anyColor = await call('GET', '/wc/v3/products?attribute=pa_color&orderby=id&order=asc');
    expect(anyColor.json().map((x: { id: number }) => x.id)).toEqual([p.id, other.id]);
    expect((await call('GET', '/wc/v3/products?attribute=pa_nothing')).json()).toEqual([]);

    // Counts follow status changes and deletions (stored, never counted per request).
    await call('PUT', `/wc/v3/products/${p.id}`, { status: 'draft' });
    expect((await call('GET', `/wc/v3/products/tags/${eco.id}`)).json().count).toBe(0);
    expect((await call('GET', `/wc/v3/products/attributes/${color.id}/terms/${red.id}`)).json().count).toBe(
      0,
    );
    await call('PUT', `/wc/v3/products/${p.id}`, { status: 'publish', tags: [] });
    expect((await call('GET', `/wc/v3/products/tags/${eco.id}`)).json().count).toBe(0);
    expect((await call('GET', `/wc/v3/products/attributes/${color.id}/terms/${red.id}`)).json().count).toBe(
      1,
    );
    await call('DELETE', `/wc/v3/products/${other.id}?force=true`);
    expect((await call('GET', `/wc/v3/products/attributes/${color.id}/terms/${blue.id}`)).json().count).toBe(
      0,
    );

    // Renaming the attribute or a term shows on its products; deleting a term takes it off them.
    await call('PUT', `/wc/v3/products/attributes/${color.id}`, { name: 'Colour' });
    await call('PUT', `/wc/v3/products/attributes/${color.id}/terms/${red.id}`, { name: 'Crimson' });
    const read = (await call('GET', `/wc/v3/products/${p.id}`)).json();
    expect(read.attributes[0]).toMatchObject({ id: color.id, name: 'Colour', options: ['Crimson', 'Green'] });
    await call('DELETE', `/wc/v3/products/attributes/${color.id}/terms/${green.id}?force=true`);
    expect((await call('GET', `/wc/v3/products/${p.id}`)).json().attributes[0].options).toEqual(['Crimson']);
  });

  it('should keep one tag and one term and exact counts when products name them concurrently', async () => {
    const finish = await created('/wc/v3/products/attributes', { name: 'Glaze' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', '/wc/v3/products', {
          name: `Concurrent ${i}`,
          regular_price: '3',
          tags: [{ name: 'Rush Hour' }],
          attributes: [{ id: finish.id, options: ['Satin'] }],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const tags = (await call('GET', '/wc/v3/products/tags?slug=rush-hour')).json();
    expect(tags).toHaveLength(1);
    expect(tags[0].count).toBe(8);
    const terms = (await call('GET', `/wc/v3/products/attributes/${finish.id}/terms`)).json();
    expect(terms).toEqual([expect.objectContaining({ name: 'Satin', count: 8 })]);
  });

  it('should take variations of a global attribute by its id, as WooCommerce clients send them', async () => {
    const size = await created('/wc/v3/products/attributes', { name: 'Cup Size' });
    const product = await makeProduct(t, admin, {
      name: 'Sized Cup',
      type: 'variable',
      attributes: [{ id: size.id, options: ['Small', 'Large'], variation: true }],
    });
    const v = await call('POST', `/wc/v3/products/${product.id}/variations`, {
      regular_price: '4',
      attributes: [{ id: size.id, option: 'large' }],
    });
    expect(v.statusCode, v.body).toBe(201);
    expect(v.json().attributes).toEqual([{ id: size.id, name: 'Cup Size', option: 'Large' }]);
    const wrong = await call('POST', `/wc/v3/products/${product.id}/variations`, {
      attributes: [{ id: size.id, option: 'Huge' }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.params.attributes).toContain('Huge');
    await call('PUT', `/wc/v3/products/attributes/${size.id}`, { name: 'Mug Size' });
    const renamed = await call('GET', `/wc/v3/products/${product.id}/variations/${v.json().id}`);
    expect(renamed.json().attributes).toEqual([{ id: size.id, name: 'Mug Size', option: 'Large' }]);
  });

  it('should refuse unknown tag and attribute ids with 400 and create nothing', async () => {
    const before = Number((await call('GET', '/wc/v3/products/tags')).headers['x-wp-total']);
    const r = await call('POST', '/wc/v3/products', {
      name: 'Refused',
      tags: [{ id: 999999 }, { name: 'Never Made' }],
      attributes: [{ id: 999999, options: ['x'] }],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().data.params).toMatchObject({ tags: expect.any(String), attributes: expect.any(String) });
    expect(Number((await call('GET', '/wc/v3/products/tags')).headers['x-wp-total'])).toBe(before);
    expect((await call('GET', '/wc/v3/products?search=Refused')).json()).toEqual([]);
    const noName = await call('POST', '/wc/v3/products', { name: 'Refused', tags: [{}] });
    expect(noName.statusCode).toBe(400);
  });

  it('should offer tags, attributes and their filters in the Store API', async () => {
    const size = await created('/wc/v3/products/attributes', { name: 'Shoe Size' });
    const s40 = await created(`/wc/v3/products/attributes/${size.id}/terms`, { name: '40' });
    const s41 = await created(`/wc/v3/products/attributes/${size.id}/terms`, { name: '41' });
    const trail = await created('/wc/v3/products/tags', { name: 'Trail' });
    const a = await makeProduct(t, admin, {
      name: 'Trail Shoe',
      regular_price: '50',
      tags: [{ id: trail.id }],
      attributes: [{ id: size.id, options: ['40', '41'], variation: false }],
    });
    const b = await makeProduct(t, admin, {
      name: 'Road Shoe',
      regular_price: '40',
      attributes: [{ id: size.id, options: ['41'] }],
    });
    const one = (await call('GET', `/wc/store/v1/products/${a.id}`, undefined, {})).json();
    expect(one.tags).toEqual([
      { id: trail.id, name: 'Trail', slug: 'trail', link: 'http://shop.test/product-tag/trail/' },
    ]);
    expect(one.attributes[0]).toEqual({
      id: size.id,
      name: 'Shoe Size',
      taxonomy: 'pa_shoe-size',
      has_variations: false,
      terms: [
        { id: s40.id, name: '40', slug: '40', default: false },
        { id: s41.id, name: '41', slug: '41', default: false },
      ],
    });
    const ids = async (query: string) =>
      (await call('GET', `/wc/store/v1/products?orderby=id&order=asc&per_page=100&${query}`, undefined, {}))
        .json()
        .map((x: { id: number }) => x.id);
    expect(await ids(`tag=${trail.id}`)).toEqual([a.id]);
    expect(await ids(`attributes[0][attribute]=pa_shoe-size&attributes[0][term_id]=${s40.id}`)).toEqual([
      a.id,
    ]);
    expect(await ids(`attributes[0][attribute]=pa_shoe-size&attributes[0][slug][]=41`)).toEqual([a.id, b.id]);
    expect(
      await ids(
        `attributes[0][attribute]=pa_shoe-size&attributes[0][slug][]=40&attributes[0][operator]=not_in`,
      ),
    ).toEqual(expect.not.arrayContaining([a.id]));
    expect(
      await ids(
        `attributes[0][attribute]=pa_shoe-size&attributes[0][slug][]=40&attributes[0][operator]=not_in`,
      ),
    ).toContain(b.id);
    expect(
      await ids(
        `attributes[0][attribute]=pa_shoe-size&attributes[0][term_id][]=${s40.id}&attributes[0][term_id][]=${s41.id}&attributes[0][operator]=and`,
      ),
    ).toEqual([a.id]);
    const unknown = await call(
      'GET',
      '/wc/store/v1/products?attributes[0][attribute]=pa_nope&attributes[0][slug]=x',
      undefined,
      {},
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.params['attributes[0][attribute]']).toBeDefined();
    const badOperator = await call(
      'GET',
      '/wc/store/v1/products?attributes[0][attribute]=pa_shoe-size&attributes[0][operator]=xor',
      undefined,
      {},
    );
    expect(badOperator.statusCode).toBe(400);

    const tags = await call('GET', '/wc/store/v1/products/tags?slug=trail', undefined, {});
    expect(tags.json()).toEqual([
      {
        id: trail.id,
        name: 'Trail',
        slug: 'trail',
        description: '',
        parent: 0,
        count: 1,
        link: 'http://shop.test/product-tag/trail/',
      },
    ]);
    const attributes = (await call('GET', '/wc/store/v1/products/attributes', undefined, {})).json();
    expect(attributes).toContainEqual({
      id: size.id,
      name: 'Shoe Size',
      taxonomy: 'pa_shoe-size',
      type: 'select',
      order: 'menu_order',
      has_archives: false,
      count: 2,
    });
    const terms = await call(
      'GET',
      `/wc/store/v1/products/attributes/${size.id}/terms?orderby=count&order=desc`,
      undefined,
      {},
    );
    expect(terms.json().map((x: { name: string; count: number }) => [x.name, x.count])).toEqual([
      ['41', 2],
      ['40', 1],
    ]);
    expect(
      (await call('GET', '/wc/store/v1/products/attributes/999999/terms', undefined, {})).statusCode,
    ).toBe(404);
    expect((await call('GET', '/wc/store/v1/products/tags?per_page=500', undefined, {})).statusCode).toBe(
      400,
    );
  });

  it('should list tags and a tag page on the storefront, and global values in Additional information', async () => {
    const material = await created('/wc/v3/products/attributes', { name: 'Fabric' });
    const p = await makeProduct(t, admin, {
      name: 'Linen Scarf',
      regular_price: '20',
      tags: [{ name: 'Gift Ideas' }],
      attributes: [
        { id: material.id, options: ['Linen'] },
        { name: 'Secret', options: ['x'], visible: false },
      ],
    });
    await makeProduct(t, admin, { name: 'Untagged Hat', regular_price: '5' });
    const page = await t.app.inject({ method: 'GET', url: `/product/${p.slug}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/product-tag/gift-ideas/" rel="tag">Gift Ideas</a>');
    expect(page.body).toMatch(/<th scope="row">Fabric<\/th><td>Linen<\/td>/);
    expect(page.body).not.toContain('Secret');
    const archive = await t.app.inject({ method: 'GET', url: '/product-tag/gift-ideas/' });
    expect(archive.statusCode).toBe(200);
    expect(archive.body).toContain('Products tagged “Gift Ideas”');
    expect(archive.body).toContain('Linen Scarf');
    expect(archive.body).not.toContain('Untagged Hat');
    expect(archive.body).toContain('Showing 1–1 of 1 results');
    const missing = await t.app.inject({ method: 'GET', url: '/product-tag/no-such-tag/' });
    expect(missing.statusCode).toBe(404);
  });
});
