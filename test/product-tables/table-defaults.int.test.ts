import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

// GET /table-defaults: what the admin's Create Table wizard starts from.
let h: PtTestApp;
beforeAll(async () => {
  h = await createPtTestApp();
});
afterAll(async () => h.t.close());

describe('GET /table-defaults', () => {
  it('should answer the factory configuration with the stored table_defaults over it', async () => {
    const factory = await h.api('GET', '/table-defaults');
    expect(factory.statusCode).toBe(200);
    expect(factory.json()).toMatchObject({
      title: 'Untitled Table',
      status: 'publish',
      source: { type: 'all' },
    });
    expect(factory.json().columns.map((c: { id: string }) => c.id)).toEqual([
      'col_image_default',
      'col_name_default',
      'col_price_default',
      'col_button_default',
    ]);
    const saved = await h.api('POST', '/settings', {
      settings: {
        table_defaults: {
          settings: { pagination: { limit: 25 } },
          style: { header: { bgColor: '#123456' } },
          columns: [{ id: 'only_sku', type: 'sku', heading: 'SKU' }],
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    const r = await h.api('GET', '/table-defaults');
    expect(r.json().settings.pagination).toEqual({ ...factory.json().settings.pagination, limit: 25 });
    expect(r.json().style.header).toEqual({ ...factory.json().style.header, bgColor: '#123456' });
    expect(r.json().columns).toMatchObject([
      { id: 'only_sku', type: 'sku', heading: 'SKU', advanced: { visibility: 'default' } },
    ]);
    expect(r.json().settings.features).toEqual(factory.json().settings.features);
  });

  it('should refuse anonymous callers and missing nonces with 401 and customers with 403', async () => {
    expect((await h.api('GET', '/table-defaults', undefined, {})).statusCode).toBe(401);
    expect((await h.api('GET', '/table-defaults', undefined, { cookie: h.admin.cookie! })).statusCode).toBe(
      401,
    );
    const r = await h.api('GET', '/table-defaults', undefined, h.customer);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('rest_forbidden');
  });

  it('should take no parameters: global ones are ignored, never a validation error', async () => {
    const r = await h.api('GET', '/table-defaults?_fields=title,status&_locale=user');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ title: 'Untitled Table', status: 'publish' });
  });
});
