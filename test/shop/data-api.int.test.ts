import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
});
afterAll(async () => t.close());

const get = (url: string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/wp-json/wc/v3/${url}`, headers });
const BASE = 'http://shop.test/wp-json/wc/v3/data';

describe('GET /wc/v3/data', () => {
  it('should list the data resources', async () => {
    const r = await get('data');
    expect(r.statusCode).toBe(200);
    expect(r.json().map((e: { slug: string }) => e.slug)).toEqual(['continents', 'countries', 'currencies']);
    expect(r.json()[1]._links.self[0].href).toBe(`${BASE}/countries`);
  });

  it('should answer 401 without credentials and 403 to a customer on every data route', async () => {
    for (const url of [
      'data',
      'data/countries',
      'data/countries/us',
      'data/continents',
      'data/continents/eu',
    ]) {
      expect((await get(url, {})).statusCode, url).toBe(401);
      expect((await get(url, customer)).statusCode, url).toBe(403);
    }
    for (const url of ['data/currencies', 'data/currencies/usd', 'data/currencies/current']) {
      expect((await get(url, {})).statusCode, url).toBe(401);
      expect((await get(url, customer)).statusCode, url).toBe(403);
    }
  });
});

describe('GET /wc/v3/data/countries', () => {
  it("should list ISO countries with WooCommerce's names and states", async () => {
    const r = await get('data/countries');
    expect(r.statusCode).toBe(200);
    const byCode = Object.fromEntries(r.json().map((c: { code: string }) => [c.code, c]));
    expect(byCode.US.name).toBe('United States (US)');
    expect(byCode.US.states).toContainEqual({ code: 'CA', name: 'California' });
    expect(byCode.US.states).toContainEqual({ code: 'AA', name: 'Armed Forces Americas' });
    expect(byCode.US.states.map((s: { code: string }) => s.code)).not.toContain('PR');
    expect(byCode.PR.states).toEqual([]);
    expect(byCode.DE).toMatchObject({ name: 'Germany', states: [] });
    expect(byCode.JP.states).toContainEqual({ code: 'JP13', name: 'Tokyo' });
    expect(byCode.IN.states).toContainEqual({ code: 'TS', name: 'Telangana' });
    expect(byCode.US._links).toEqual({
      self: [{ href: `${BASE}/countries/us` }],
      collection: [{ href: `${BASE}/countries` }],
    });
  });

  it('should answer one country by code in any case, and 404 for an unknown one', async () => {
    const r = await get('data/countries/ca');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 'CA', name: 'Canada' });
    expect(r.json().states).toHaveLength(13);
    const missing = await get('data/countries/zz');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('woocommerce_rest_data_invalid_location');
    expect((await get('data/countries/toolongcode')).statusCode).toBe(400);
  });
});

describe('GET /wc/v3/data/continents', () => {
  it('should list the continents with their countries and local habits', async () => {
    const r = await get('data/continents');
    expect(r.statusCode).toBe(200);
    expect(
      r
        .json()
        .map((c: { code: string }) => c.code)
        .sort(),
    ).toEqual(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA']);
    const eu = await get('data/continents/eu');
    expect(eu.json()).toMatchObject({ code: 'EU', name: 'Europe' });
    // WooCommerce's continents, the ones shipping zones match on: Russia in Europe, Cyprus in Asia.
    const europe = eu.json().countries.map((c: { code: string }) => c.code);
    expect(europe).toContain('RU');
    expect(europe).not.toContain('CY');
    const germany = eu.json().countries.find((c: { code: string }) => c.code === 'DE');
    expect(germany).toMatchObject({
      name: 'Germany',
      currency_code: 'EUR',
      weight_unit: 'kg',
      num_decimals: 2,
    });
    const na = await get('data/continents/NA');
    const us = na.json().countries.find((c: { code: string }) => c.code === 'US');
    expect(us).toMatchObject({
      currency_code: 'USD',
      currency_pos: 'left',
      decimal_sep: '.',
      thousand_sep: ',',
    });
    expect(us).toMatchObject({ weight_unit: 'lbs', dimension_unit: 'in' });
    expect(us.states).toContainEqual({ code: 'NY', name: 'New York' });
    const missing = await get('data/continents/xx');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('woocommerce_rest_data_invalid_location');
  });
});

describe('GET /wc/v3/data/currencies', () => {
  it('should list currencies, one by code, and the store currency', async () => {
    const r = await get('data/currencies');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toContainEqual({
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
      _links: { self: [{ href: `${BASE}/currencies/EUR` }], collection: [{ href: `${BASE}/currencies` }] },
    });
    expect((await get('data/currencies/gbp')).json()).toMatchObject({ code: 'GBP', symbol: '£' });
    expect((await get('data/currencies/current')).json()).toMatchObject({
      code: 'USD',
      name: 'US Dollar',
      symbol: '$',
    });
    const missing = await get('data/currencies/ZZZ');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('woocommerce_rest_data_invalid_currency');
  });
});
