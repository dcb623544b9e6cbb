import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StoresideApp } from '../../src/app.js';
import { readStoreSettings } from '../../src/shop/settings/store-settings.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ options: { sqliteFile: 'store-settings.sqlite' } });
  admin = await adminHeaders(t);
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers, ...(payload ? { payload } : {}) });

describe('GET /wc/v3/settings', () => {
  it('should list the general, tax and email groups with links to their settings', async () => {
    const r = await call('GET', 'settings');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()[0]).toEqual({
      id: 'general',
      label: 'General',
      description: '',
      parent_id: '',
      sub_groups: [],
      _links: { options: [{ href: 'http://shop.test/wp-json/wc/v3/settings/general' }] },
    });
    expect(
      r
        .json()
        .map((g: { id: string }) => g.id)
        .slice(0, 4),
    ).toEqual(['general', 'tax', 'account', 'email']);
  });

  it('should answer 401 without credentials and 403 to a customer', async () => {
    expect((await call('GET', 'settings', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', 'settings/general', undefined, customer)).statusCode).toBe(403);
    expect(
      (await call('PUT', 'settings/general/woocommerce_store_city', { value: 'X' }, customer)).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', 'settings/general/woocommerce_store_city', { value: 'X' }, {})).statusCode,
    ).toBe(401);
  });
});

describe('GET /wc/v3/settings/general', () => {
  it("should list WooCommerce's general settings with their defaults", async () => {
    const r = await call('GET', 'settings/general');
    expect(r.statusCode).toBe(200);
    const byId = Object.fromEntries(r.json().map((s: { id: string }) => [s.id, s]));
    expect(Object.keys(byId)).toEqual([
      'woocommerce_store_address',
      'woocommerce_store_address_2',
      'woocommerce_store_city',
      'woocommerce_default_country',
      'woocommerce_store_postcode',
      'woocommerce_allowed_countries',
      'woocommerce_all_except_countries',
      'woocommerce_specific_allowed_countries',
      'woocommerce_ship_to_countries',
      'woocommerce_specific_ship_to_countries',
      'woocommerce_calc_taxes',
    ]);
    expect(byId.woocommerce_default_country).toMatchObject({
      label: 'Country / State',
      type: 'select',
      default: 'US:CA',
      value: 'US:CA',
      group_id: 'general',
    });
    expect(byId.woocommerce_default_country.options['US:CA']).toBe('United States (US) — California');
    expect(byId.woocommerce_default_country.options.GB).toBe('United Kingdom (UK)');
    expect(byId.woocommerce_calc_taxes).toMatchObject({ type: 'checkbox', value: 'no', default: 'no' });
    expect(byId.woocommerce_specific_allowed_countries).toMatchObject({ type: 'multiselect', value: [] });
  });

  it('should answer 404 for an unknown group or setting', async () => {
    const group = await call('GET', 'settings/nope');
    expect(group.statusCode).toBe(404);
    expect(group.json().code).toBe('rest_setting_setting_group_invalid');
    const setting = await call('GET', 'settings/general/woocommerce_nope');
    expect(setting.statusCode).toBe(404);
    expect(setting.json().code).toBe('rest_setting_setting_invalid');
  });
});

describe('PUT /wc/v3/settings/general/{id}', () => {
  it('should store the store address and answer the setting object', async () => {
    const r = await call('PUT', 'settings/general/woocommerce_default_country', { value: 'CA:ON' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      id: 'woocommerce_default_country',
      value: 'CA:ON',
      group_id: 'general',
      _links: {
        self: [{ href: 'http://shop.test/wp-json/wc/v3/settings/general/woocommerce_default_country' }],
        collection: [{ href: 'http://shop.test/wp-json/wc/v3/settings/general' }],
      },
    });
    expect((await call('GET', 'settings/general/woocommerce_default_country')).json().value).toBe('CA:ON');
    expect(await readStoreSettings(t.ctx.options)).toMatchObject({ baseCountry: 'CA', baseState: 'ON' });
    expect(await t.ctx.options.get('woocommerce_default_country', '')).toBe('CA:ON');
  });

  it('should refuse values the setting does not allow with rest_setting_value_invalid, changing nothing', async () => {
    for (const [id, value] of [
      ['woocommerce_default_country', 'ZZ'],
      ['woocommerce_default_country', 'US:ZZ'],
      ['woocommerce_allowed_countries', 'some'],
      ['woocommerce_specific_allowed_countries', ['US', 'XX']],
      ['woocommerce_calc_taxes', 'maybe'],
      ['woocommerce_store_city', { a: 1 }],
    ] as const) {
      const r = await call('PUT', `settings/general/${id}`, { value });
      expect(r.statusCode, `${id} ${r.body}`).toBe(400);
      if (r.json().code === 'rest_setting_value_invalid') {
        expect(r.json().data).toMatchObject({ status: 400, setting: id });
        expect(r.json().message).toContain(id);
      } else expect(r.json().code).toBe('rest_invalid_param');
    }
    expect((await call('GET', 'settings/general/woocommerce_allowed_countries')).json().value).toBe('all');
    expect((await call('PUT', 'settings/general/woocommerce_store_city', {})).statusCode).toBe(400);
  });

  it('should keep the selling and shipping locations and taxes typed for the shop', async () => {
    await call('PUT', 'settings/general/woocommerce_allowed_countries', { value: 'specific' });
    await call('PUT', 'settings/general/woocommerce_specific_allowed_countries', {
      value: ['US', 'CA', 'US'],
    });
    await call('PUT', 'settings/general/woocommerce_calc_taxes', { value: 'yes' });
    await call('PUT', 'settings/tax/woocommerce_prices_include_tax', { value: 'yes' });
    expect(await readStoreSettings(t.ctx.options)).toMatchObject({
      allowedCountries: 'specific',
      specificAllowedCountries: ['US', 'CA'],
      calcTaxes: true,
      pricesIncludeTax: true,
      taxBasedOn: 'shipping',
    });
  });

  it('should change several settings through the batch route, reporting each refused one', async () => {
    const r = await call('POST', 'settings/general/batch', {
      update: [
        { id: 'woocommerce_store_address', value: '1 Main St' },
        { id: 'woocommerce_store_postcode', value: '94016' },
        { id: 'woocommerce_ship_to_countries', value: 'nowhere' },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const [address, postcode, ship] = r.json().update;
    expect(address).toMatchObject({ id: 'woocommerce_store_address', value: '1 Main St' });
    expect(postcode).toMatchObject({ id: 'woocommerce_store_postcode', value: '94016' });
    expect(ship).toMatchObject({
      id: 'woocommerce_ship_to_countries',
      error: { code: 'rest_setting_value_invalid' },
    });
  });
});

describe('settings on two instances of one database', () => {
  let b: StoresideApp;
  beforeAll(async () => {
    const schema = t.config.databaseUrl
      ? ((await t.ctx.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('name')).executeTakeFirst())
          ?.name as string)
      : undefined;
    b = await buildApp({
      config: t.config,
      sqliteFile: 'store-settings.sqlite',
      databaseSchema: schema,
      print: () => {},
    });
  });
  afterAll(async () => b?.close());

  it('should read on B the value written through A right after', async () => {
    const onB = async () =>
      (
        await b.app.inject({
          method: 'GET',
          url: '/wp-json/wc/v3/settings/general/woocommerce_store_city',
          headers: admin,
        })
      ).json().value;
    await call('PUT', 'settings/general/woocommerce_store_city', { value: 'Springfield' });
    expect(await onB()).toBe('Springfield');
    await call('PUT', 'settings/general/woocommerce_store_city', { value: 'Toronto' });
    expect(await onB()).toBe('Toronto');
    expect((await readStoreSettings(b.ctx.options)).storeCity).toBe('Toronto');
  });
});
