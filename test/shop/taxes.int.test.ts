import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

type Json = Record<string, any>;

let t: TestApp;
let manager: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager', username: 'manager' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, headers = manager) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers, ...(payload ? { payload } : {}) });

async function countRates(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('shop_tax_rates')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('/wc/v3/taxes', () => {
  it('should create, read, update and delete a rate in WooCommerce shape', async () => {
    const created = await call('POST', 'taxes', {
      country: 'gb',
      rate: '20',
      name: 'VAT',
      shipping: true,
      postcodes: ['SW1A*', 'EC1...EC9'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const rate = created.json();
    expect(rate).toMatchObject({
      country: 'GB',
      state: '',
      rate: '20.0000',
      name: 'VAT',
      priority: 1,
      compound: false,
      shipping: true,
      order: 0,
      class: 'standard',
      postcodes: ['SW1A*', 'EC1...EC9'],
      postcode: 'SW1A*;EC1...EC9',
      cities: [],
    });
    expect(rate._links.self[0].href).toBe(`http://shop.test/wp-json/wc/v3/taxes/${rate.id}`);
    expect(created.headers.location).toBe(`http://shop.test/wp-json/wc/v3/taxes/${rate.id}`);
    expect((await call('GET', `taxes/${rate.id}`)).json()).toEqual(rate);
    const changed = await call('PUT', `taxes/${rate.id}`, {
      rate: 7.25,
      compound: 'yes',
      class: 'reduced-rate',
      city: 'London;Leeds',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      rate: '7.2500',
      compound: true,
      class: 'reduced-rate',
      cities: ['LONDON', 'LEEDS'],
      name: 'VAT',
    });
    expect((await call('DELETE', `taxes/${rate.id}`)).statusCode).toBe(501);
    const deleted = await call('DELETE', `taxes/${rate.id}?force=true`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(rate.id);
    expect((await call('GET', `taxes/${rate.id}`)).json().code).toBe('woocommerce_rest_invalid_id');
  });

  it('should list rates by order, filter by class, page with headers and sort by priority', async () => {
    for (const [name, priority, order, cls] of [
      ['A', 2, 3, 'standard'],
      ['B', 1, 1, 'standard'],
      ['C', 3, 2, 'zero-rate'],
    ] as const)
      expect(
        (await call('POST', 'taxes', { country: 'US', rate: '1', name, priority, order, class: cls }))
          .statusCode,
      ).toBe(201);
    const all = await call('GET', 'taxes?per_page=2');
    expect(all.headers['x-wp-total']).toBe('3');
    expect(all.headers['x-wp-totalpages']).toBe('2');
    expect(all.headers.link).toContain('rel="next"');
    expect(all.json().map((r: Json) => r.name)).toEqual(['B', 'C']);
    expect((await call('GET', 'taxes?orderby=priority&order=desc')).json().map((r: Json) => r.name)).toEqual([
      'C',
      'A',
      'B',
    ]);
    expect((await call('GET', 'taxes?class=zero-rate')).json().map((r: Json) => r.name)).toEqual(['C']);
    expect((await call('GET', 'taxes?class=standard')).json()).toHaveLength(2);
    expect((await call('GET', 'taxes?page=5')).json()).toEqual([]);
  });

  it('should create, update and delete in one batch', async () => {
    const existing = (await call('POST', 'taxes', { country: 'FR', rate: '20', name: 'TVA' })).json();
    const other = (await call('POST', 'taxes', { country: 'IT', rate: '22', name: 'IVA' })).json();
    const r = await call('POST', 'taxes/batch', {
      create: [
        { country: 'DE', rate: '19', name: 'MwSt' },
        { country: 'DE', rate: 'abc' },
      ],
      update: [{ id: existing.id, rate: '5.5' }],
      delete: [other.id],
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.create[0]).toMatchObject({ country: 'DE', rate: '19.0000' });
    expect(body.create[1].error.code).toBe('rest_invalid_param');
    expect(body.update[0]).toMatchObject({ id: existing.id, rate: '5.5000' });
    expect(body.delete[0]).toMatchObject({ id: other.id });
  });

  it('should refuse bad input naming the field, changing nothing', async () => {
    const before = await countRates();
    const cases: Array<[Json, string]> = [
      [{ country: 'GBR', rate: '20' }, 'country'],
      [{ country: 'G1', rate: '20' }, 'country'],
      [{ country: 'GB', rate: '-1' }, 'rate'],
      [{ country: 'GB', rate: '20.12345' }, 'rate'],
      [{ country: 'GB', rate: '20', class: 'nope' }, 'class'],
      [{ country: 'GB', priority: -1 }, 'priority'],
    ];
    for (const [payload, field] of cases) {
      const r = await call('POST', 'taxes', payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
      expect(Object.keys(r.json().data.params)).toContain(field);
    }
    expect((await call('GET', 'taxes?class=nope')).statusCode).toBe(400);
    expect((await call('GET', 'taxes?orderby=name')).statusCode).toBe(400);
    expect((await call('PUT', 'taxes/999999', { rate: '1' })).statusCode).toBe(404);
    expect(await countRates()).toBe(before);
  });

  it('should answer 401 to anonymous callers and 403 to customers', async () => {
    for (const [method, url] of [
      ['GET', 'taxes'],
      ['POST', 'taxes'],
      ['POST', 'taxes/batch'],
      ['GET', 'taxes/classes'],
      ['POST', 'taxes/classes'],
      ['DELETE', 'taxes/classes/zero-rate?force=true'],
      ['GET', 'settings/tax'],
      ['PUT', 'settings/tax/woocommerce_tax_round_at_subtotal'],
    ] as const) {
      const anon = await call(method, url, { name: 'X', value: 'yes', country: 'GB' }, {});
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const denied = await call(method, url, { name: 'X', value: 'yes', country: 'GB' }, customer);
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      expect(denied.json().code).toBe('rest_forbidden');
    }
  });
});

describe('/wc/v3/taxes/classes', () => {
  it('should list the built-in classes, create a custom one and delete it with its rates', async () => {
    expect((await call('GET', 'taxes/classes')).json().map((c: Json) => [c.slug, c.name])).toEqual([
      ['standard', 'Standard'],
      ['reduced-rate', 'Reduced rate'],
      ['zero-rate', 'Zero rate'],
    ]);
    const created = await call('POST', 'taxes/classes', { name: 'Books & Papers' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'books-papers', name: 'Books & Papers' });
    expect((await call('POST', 'taxes/classes', { name: 'books papers' })).json().code).toBe(
      'woocommerce_rest_tax_class_exists',
    );
    expect((await call('GET', 'taxes/classes/books-papers')).json().name).toBe('Books & Papers');
    const rate = (await call('POST', 'taxes', { country: 'GB', rate: '0', class: 'books-papers' })).json();
    expect((await call('DELETE', 'taxes/classes/books-papers')).statusCode).toBe(501);
    expect((await call('DELETE', 'taxes/classes/books-papers?force=true')).statusCode).toBe(200);
    expect((await call('GET', `taxes/${rate.id}`)).statusCode).toBe(404);
    expect((await call('GET', 'taxes/classes/books-papers')).statusCode).toBe(404);
    expect((await call('DELETE', 'taxes/classes/standard?force=true')).statusCode).toBe(400);
    expect((await call('POST', 'taxes/classes', { name: '' })).statusCode).toBe(400);
    expect((await call('POST', 'taxes/classes', { name: 'Standard' })).statusCode).toBe(400);
  });
});

describe('/wc/v3/settings/tax', () => {
  it('should change several Tax-tab settings through the batch route, answering each refused one in place', async () => {
    const r = await call('POST', 'settings/tax/batch', {
      update: [
        { id: 'woocommerce_tax_display_shop', value: 'incl' },
        { id: 'woocommerce_tax_total_display', value: 'sideways' },
        { id: 'woocommerce_tax_round_at_subtotal', value: 'maybe' },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const [shop, total, round] = r.json().update;
    expect(shop).toMatchObject({ id: 'woocommerce_tax_display_shop', value: 'incl' });
    expect(total).toMatchObject({ id: 'woocommerce_tax_total_display', error: { data: { status: 400 } } });
    expect(round).toMatchObject({
      id: 'woocommerce_tax_round_at_subtotal',
      error: { data: { status: 400 } },
    });
    const after = (await call('GET', 'settings/tax/woocommerce_tax_total_display')).json();
    expect(after.value).toBe('itemized');
    await call('PUT', 'settings/tax/woocommerce_tax_display_shop', { value: 'excl' });
  });

  it("should list and change the Tax tab's settings in WooCommerce's setting shape", async () => {
    const list = (await call('GET', 'settings/tax')).json();
    expect(list.map((s: Json) => s.id)).toEqual([
      'woocommerce_prices_include_tax',
      'woocommerce_tax_based_on',
      'woocommerce_shipping_tax_class',
      'woocommerce_tax_round_at_subtotal',
      'woocommerce_tax_classes',
      'woocommerce_tax_display_shop',
      'woocommerce_tax_display_cart',
      'woocommerce_tax_total_display',
    ]);
    expect(list[0]).toMatchObject({ type: 'radio', value: 'no', default: 'no', group_id: 'tax' });
    expect(list[2]).toMatchObject({ type: 'select', value: 'inherit', default: 'inherit', group_id: 'tax' });
    expect(list[2].options).toMatchObject({
      inherit: expect.any(String),
      '': 'Standard',
      'zero-rate': 'Zero rate',
    });
    const r = await call('PUT', 'settings/tax/woocommerce_tax_display_cart', { value: 'incl' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id: 'woocommerce_tax_display_cart', value: 'incl' });
    const bad = await call('PUT', 'settings/tax/woocommerce_tax_display_cart', { value: 'both' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params.value).toContain('incl');
    expect(
      (await call('PUT', 'settings/tax/woocommerce_tax_round_at_subtotal', { value: 'maybe' })).statusCode,
    ).toBe(400);
    expect((await call('GET', 'settings/tax/woocommerce_nope')).statusCode).toBe(404);
    expect((await call('GET', 'settings/tax/woocommerce_tax_display_cart')).json().value).toBe('incl');
  });

  it('should change the tax classes through woocommerce_tax_classes, dropping the rates of removed ones', async () => {
    const rate = (await call('POST', 'taxes', { country: 'GB', rate: '5', class: 'reduced-rate' })).json();
    const r = await call('PUT', 'settings/tax/woocommerce_tax_classes', { value: 'Zero rate\nFood' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call('GET', 'taxes/classes')).json().map((c: Json) => c.slug)).toEqual([
      'standard',
      'zero-rate',
      'food',
    ]);
    expect((await call('GET', `taxes/${rate.id}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', 'settings/tax/woocommerce_tax_classes', { value: 'Food\nfood' })).statusCode,
    ).toBe(400);
    await call('PUT', 'settings/tax/woocommerce_tax_classes', { value: 'Reduced rate\nZero rate' });
  });
});
