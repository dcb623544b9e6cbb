import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
});
afterAll(async () => t.close());

type Json = Record<string, any>;

function call(method: string, path: string, payload?: unknown, headers = admin) {
  return t.app.inject({
    method: method as 'GET',
    url: `/wp-json/wc/v3/${path}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('shipping zones', () => {
  it('should list zone 0 first and create, rename, reorder and delete zones with _links', async () => {
    const first = await call('GET', 'shipping/zones');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      expect.objectContaining({ id: 0, name: 'Locations not covered by your other zones', order: 0 }),
    ]);
    const created = await call('POST', 'shipping/zones', { name: 'United States', order: 2 });
    expect(created.statusCode).toBe(201);
    const zone = created.json();
    expect(zone).toMatchObject({ name: 'United States', order: 2 });
    expect(zone._links.self[0].href).toBe(`http://shop.test/wp-json/wc/v3/shipping/zones/${zone.id}`);
    expect(zone._links.describedby[0].href).toMatch(/\/locations$/);
    const renamed = await call('PUT', `shipping/zones/${zone.id}`, { name: 'USA', order: 1 });
    expect(renamed.json()).toMatchObject({ id: zone.id, name: 'USA', order: 1 });
    const notForced = await call('DELETE', `shipping/zones/${zone.id}`);
    expect(notForced.statusCode).toBe(501);
    expect(notForced.json().code).toBe('woocommerce_rest_trash_not_supported');
    const deleted = await call('DELETE', `shipping/zones/${zone.id}?force=true`);
    expect(deleted.json()).toMatchObject({ id: zone.id, name: 'USA' });
    expect((await call('GET', `shipping/zones/${zone.id}`)).statusCode).toBe(404);
  });

  it('should refuse to rename or delete zone 0 and refuse a zone without a name', async () => {
    const rename = await call('PUT', 'shipping/zones/0', { name: 'World' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().code).toBe('woocommerce_rest_shipping_zone_invalid_zone');
    const del = await call('DELETE', 'shipping/zones/0?force=true');
    expect(del.statusCode).toBe(403);
    const noName = await call('POST', 'shipping/zones', { order: 1 });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    expect(noName.json().data.params.name).toBeTruthy();
    const badOrder = await call('POST', 'shipping/zones', { name: 'X', order: 'first' });
    expect(badOrder.statusCode).toBe(400);
    expect((await call('GET', 'shipping/zones')).json()).toHaveLength(1);
  });

  it('should answer 401 without credentials and 403 for a customer', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/shipping/zones' });
    expect(anonymous.statusCode).toBe(401);
    for (const [method, path] of [
      ['GET', 'shipping/zones'],
      ['POST', 'shipping/zones'],
      ['GET', 'shipping/zones/0/methods'],
      ['PUT', 'shipping/zones/0/locations'],
      ['GET', 'shipping_methods'],
      ['GET', 'products/shipping_classes'],
      ['POST', 'products/shipping_classes'],
    ]) {
      const r = await call(method, path, method === 'GET' ? undefined : {}, customer);
      expect(r.statusCode, `${method} ${path}`).toBe(403);
      expect(r.json().code).toBe('rest_forbidden');
    }
  });
});

describe('zone locations', () => {
  it('should replace locations of every type and refuse bad codes without changing anything', async () => {
    const zone = (await call('POST', 'shipping/zones', { name: 'West coast' })).json();
    const put = await call('PUT', `shipping/zones/${zone.id}/locations`, [
      { code: 'us:ca', type: 'state' },
      { code: 'US' },
      { code: 'EU', type: 'continent' },
      { code: '90210...90299', type: 'postcode' },
      { code: '902*', type: 'postcode' },
    ]);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().map((l: Json) => [l.code, l.type])).toEqual([
      ['US:CA', 'state'],
      ['US', 'country'],
      ['EU', 'continent'],
      ['90210...90299', 'postcode'],
      ['902*', 'postcode'],
    ]);
    expect(put.json()[0]._links.describes[0].href).toMatch(new RegExp(`/zones/${zone.id}$`));
    const bad = await call('PUT', `shipping/zones/${zone.id}/locations`, [
      { code: 'USA', type: 'country' },
      { code: 'XX', type: 'continent' },
      { code: 'US', type: 'planet' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.params)).toEqual(['locations[0]', 'locations[1]', 'locations[2]']);
    expect((await call('GET', `shipping/zones/${zone.id}/locations`)).json()).toHaveLength(5);
    const zero = await call('PUT', 'shipping/zones/0/locations', [{ code: 'US' }]);
    expect(zero.statusCode).toBe(403);
    expect((await call('GET', 'shipping/zones/999/locations')).statusCode).toBe(404);
  });
});

describe('zone methods', () => {
  it('should add, read, update and delete methods in WooCommerce shape', async () => {
    const zone = (await call('POST', 'shipping/zones', { name: 'Methods' })).json();
    const flat = await call('POST', `shipping/zones/${zone.id}/methods`, {
      method_id: 'flat_rate',
      settings: { cost: '5.00 + 1 * [qty]', title: 'Standard' },
    });
    expect(flat.statusCode, flat.body).toBe(201);
    const m = flat.json();
    expect(m).toMatchObject({
      instance_id: m.id,
      title: 'Standard',
      enabled: true,
      order: 0,
      method_id: 'flat_rate',
      method_title: 'Flat rate',
    });
    expect(m.settings.cost).toMatchObject({
      id: 'cost',
      label: 'Cost',
      type: 'text',
      value: '5.00 + 1 * [qty]',
    });
    expect(m.settings.tax_status).toMatchObject({
      value: 'taxable',
      options: { taxable: 'Taxable', none: 'None' },
    });
    const free = await call('POST', `shipping/zones/${zone.id}/methods`, {
      method_id: 'free_shipping',
      settings: { requires: 'min_amount', min_amount: '50' },
    });
    expect(free.json()).toMatchObject({ order: 1, settings: { requires: { value: 'min_amount' } } });
    const listed = await call('GET', `shipping/zones/${zone.id}/methods`);
    expect(listed.json().map((x: Json) => x.method_id)).toEqual(['flat_rate', 'free_shipping']);
    const updated = await call('PUT', `shipping/zones/${zone.id}/methods/${m.id}`, {
      enabled: false,
      order: 5,
      settings: { cost: '[cost] * 0.1' },
    });
    expect(updated.json()).toMatchObject({ enabled: false, order: 5, title: 'Standard' });
    expect(updated.json().settings.cost.value).toBe('[cost] * 0.1');
    expect((await call('GET', `shipping/zones/${zone.id}/methods/${m.id}`)).json().enabled).toBe(false);
    const other = await call('GET', `shipping/zones/0/methods/${m.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('woocommerce_rest_shipping_zone_method_invalid');
    const del = await call('DELETE', `shipping/zones/${zone.id}/methods/${m.id}?force=true`);
    expect(del.json().id).toBe(m.id);
    expect((await call('GET', `shipping/zones/${zone.id}/methods`)).json()).toHaveLength(1);
  });

  it('should refuse unknown methods, unknown settings and costs that are not expressions', async () => {
    const zone = (await call('POST', 'shipping/zones', { name: 'Bad input' })).json();
    const path = `shipping/zones/${zone.id}/methods`;
    const unknown = await call('POST', path, { method_id: 'teleport' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.params.method_id).toMatch(/flat_rate/);
    const cost = await call('POST', path, { method_id: 'flat_rate', settings: { cost: 'process.exit()' } });
    expect(cost.statusCode).toBe(400);
    expect(cost.json().data.errors['settings.cost']).toHaveProperty('numeric');
    const requires = await call('POST', path, {
      method_id: 'free_shipping',
      settings: { requires: 'always' },
    });
    expect(requires.json().data.errors['settings.requires']).toHaveProperty('in');
    const amount = await call('POST', path, { method_id: 'free_shipping', settings: { min_amount: '-5' } });
    expect(amount.statusCode).toBe(400);
    const extra = await call('POST', path, { method_id: 'local_pickup', settings: { colour: 'red' } });
    expect(extra.json().data.errors['settings.colour']).toHaveProperty('in');
    expect((await call('GET', path)).json()).toEqual([]);
  });

  it('should list the method types at shipping_methods', async () => {
    const list = await call('GET', 'shipping_methods');
    expect(list.json().map((x: Json) => x.id)).toEqual(['flat_rate', 'free_shipping', 'local_pickup']);
    expect((await call('GET', 'shipping_methods/free_shipping')).json()).toMatchObject({
      id: 'free_shipping',
      title: 'Free shipping',
    });
    expect((await call('GET', 'shipping_methods/ups')).statusCode).toBe(404);
  });
});

describe('shipping classes', () => {
  it('should create, list, update and delete classes; flat rate offers a cost per class', async () => {
    const created = await call('POST', 'products/shipping_classes', { name: 'Heavy goods' });
    expect(created.statusCode).toBe(201);
    const heavy = created.json();
    expect(heavy).toMatchObject({ name: 'Heavy goods', slug: 'heavy-goods', count: 0, description: '' });
    const dup = await call('POST', 'products/shipping_classes', { name: 'Other', slug: 'heavy-goods' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('term_exists');
    const noName = await call('POST', 'products/shipping_classes', { description: 'x' });
    expect(noName.statusCode).toBe(400);
    const updated = await call('PUT', `products/shipping_classes/${heavy.id}`, { description: 'Over 20 kg' });
    expect(updated.json()).toMatchObject({ description: 'Over 20 kg', slug: 'heavy-goods' });
    const zone = (await call('POST', 'shipping/zones', { name: 'Classes' })).json();
    const method = await call('POST', `shipping/zones/${zone.id}/methods`, {
      method_id: 'flat_rate',
      settings: { [`class_cost_${heavy.id}`]: '10 * [qty]', type: 'order' },
    });
    expect(method.json().settings[`class_cost_${heavy.id}`]).toMatchObject({ value: '10 * [qty]' });
    expect(method.json().settings.no_class_cost).toMatchObject({ value: '' });
    expect((await call('GET', 'products/shipping_classes')).json().map((c: Json) => c.slug)).toContain(
      'heavy-goods',
    );
    expect((await call('DELETE', `products/shipping_classes/${heavy.id}`)).statusCode).toBe(501);
    const deleted = await call('DELETE', `products/shipping_classes/${heavy.id}?force=true`);
    expect(deleted.json().id).toBe(heavy.id);
    expect((await call('GET', `products/shipping_classes/${heavy.id}`)).statusCode).toBe(404);
  });
});
