import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

let h: PtTestApp;
beforeAll(async () => {
  h = await createPtTestApp();
});
afterAll(async () => h.t.close());

describe('GET /settings', () => {
  it('should return the defaults when nothing is stored, table defaults included', async () => {
    const r = await h.api('GET', '/settings');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      add_to_cart_text: 'Add to Cart',
      logging_enabled: true,
      log_retention: 30,
      table_defaults: {
        source: { type: 'all', sort: { orderBy: 'date', order: 'DESC' } },
        settings: { pagination: { limit: 10, mode: 'standard', position: 'bottom' } },
        style: {
          header: { bgColor: '#f8f9fa', textColor: '#1f2937', fontSize: '14px' },
          button: { bgColor: '#2271b1', textColor: '#ffffff', hoverBgColor: '#135e96' },
          responsive: { mode: 'stack' },
        },
      },
    });
    const ids = r.json().table_defaults.columns.map((c: { id: string }) => c.id);
    expect(ids).toEqual(['col_image_default', 'col_name_default', 'col_price_default', 'col_button_default']);
  });

  it('should answer the same table defaults a new table starts from (one canonical set)', async () => {
    const { title: _t, status: _s, ...config } = (await h.api('GET', '/table-defaults')).json();
    expect((await h.api('GET', '/settings')).json().table_defaults).toEqual(config);
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    expect((await h.api('GET', '/settings', undefined, {})).statusCode).toBe(401);
    expect((await h.api('GET', '/settings', undefined, { cookie: h.admin.cookie! })).statusCode).toBe(401);
    const r = await h.api('GET', '/settings', undefined, h.customer);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('rest_forbidden');
  });
});

describe('POST /settings', () => {
  it('should deep-merge a partial update and return the merged settings', async () => {
    const first = await h.api('POST', '/settings', {
      settings: { add_to_cart_text: 'Buy now', table_defaults: { style: { header: { bgColor: '#000' } } } },
    });
    expect(first.statusCode).toBe(200);
    const second = await h.api('POST', '/settings', {
      settings: { table_defaults: { style: { header: { textColor: '#fff' } } } },
    });
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body.add_to_cart_text).toBe('Buy now');
    expect(body.log_retention).toBe(30);
    expect(body.table_defaults.style.header).toEqual({
      bgColor: '#000',
      textColor: '#fff',
      fontSize: '14px',
    });
    expect((await h.api('GET', '/settings')).json()).toEqual(body);
  });

  it('should change only the posted key and keep every sibling', async () => {
    const before = (await h.api('GET', '/settings')).json();
    const r = await h.api('POST', '/settings', {
      settings: { table_defaults: { style: { header: { bgColor: '#abcdef' } } } },
    });
    expect(r.statusCode).toBe(200);
    const expected = structuredClone(before);
    expected.table_defaults.style.header.bgColor = '#abcdef';
    expect(r.json()).toEqual(expected);
    expect((await h.api('GET', '/settings')).json()).toEqual(expected);
    await h.api('POST', '/settings', {
      settings: { table_defaults: { style: { header: { bgColor: '#000' } } } },
    });
  });

  it('should answer stored default columns completed, and the factory columns for an empty list', async () => {
    const one = await h.api('POST', '/settings', {
      settings: { table_defaults: { columns: [{ id: 'sku_only', type: 'sku' }] } },
    });
    expect(one.json().table_defaults.columns).toEqual([
      {
        id: 'sku_only',
        type: 'sku',
        heading: '',
        advanced: { showHeading: true, width: { value: 0, unit: 'auto' }, visibility: 'default' },
        settings: {},
      },
    ]);
    const none = await h.api('POST', '/settings', { settings: { table_defaults: { columns: [] } } });
    expect(none.json().table_defaults.columns).toHaveLength(4);
  });

  it('should make new tables start from the stored table defaults', async () => {
    await h.api('POST', '/settings', {
      settings: { table_defaults: { settings: { pagination: { limit: 25 } } } },
    });
    const created = await h.api('POST', '/tables', { data: { title: 'From defaults' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().settings.pagination.limit).toBe(25);
    expect(created.json().style.header.bgColor).toBe('#000');
  });

  it('should refuse unknown keys and invalid values with 400 and change nothing', async () => {
    const before = (await h.api('GET', '/settings')).json();
    for (const settings of [
      { nope: 1 },
      { log_retention: 0 },
      { logging_enabled: 'maybe' },
      { table_defaults: { style: { header: { bgColor: 'red;}</style>' } } } },
      { table_defaults: { columns: [{ id: 'bad id', type: 'name' }] } },
      { table_defaults: { columns: [{ id: 'a', type: 'price', settings: { imageSize: 'full' } }] } },
    ]) {
      const r = await h.api('POST', '/settings', { settings });
      expect(r.statusCode, JSON.stringify(settings)).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
    }
    expect((await h.api('GET', '/settings')).json()).toEqual(before);
  });

  it('should log the changed keys once', async () => {
    await h.api('POST', '/settings', { settings: { log_retention: 60 } });
    const logs = (await h.api('GET', '/logs?search=log_retention')).json();
    expect(logs.entries[0]).toMatchObject({ level: 'success', title: 'Settings updated', user: 'boss' });
    expect(logs.entries[0].details).toBe('Changed: log_retention');
  });

  it('should refuse customers with 403', async () => {
    expect((await h.api('POST', '/settings', { settings: {} }, h.customer)).statusCode).toBe(403);
  });
});

describe('system routes and reset', () => {
  it('should mark onboarding completed and report it in the status', async () => {
    const r = await h.api('POST', '/system/onboard');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ success: true });
    const status = await h.api('GET', '/system/status');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      wc_active: true,
      onboarding_completed: true,
      database_engine: h.t.ctx.engine,
      version: expect.any(String),
      product_count: expect.any(Number),
    });
  });

  it('should delete every table, reset settings and the onboarding flag, and log a warning', async () => {
    await h.api('POST', '/tables', { data: { title: 'One more' } });
    const tables = (await h.api('GET', '/tables')).json().length;
    const r = await h.api('POST', '/settings/reset');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.success).toBe(true);
    expect(body.deleted_tables).toBe(tables);
    expect(body.settings.add_to_cart_text).toBe('Add to Cart');
    expect((await h.api('GET', '/tables')).json()).toEqual([]);
    expect((await h.api('GET', '/system/status')).json()).toMatchObject({
      table_count: 0,
      onboarding_completed: false,
    });
    const logs = (await h.api('GET', '/logs?level=warning')).json();
    expect(logs.entries[0]).toMatchObject({ title: 'Factory reset' });
  });

  it('should refuse anonymous and customer callers on every system route', async () => {
    for (const [method, path] of [
      ['GET', '/system/status'],
      ['POST', '/system/onboard'],
      ['POST', '/settings/reset'],
    ] as const) {
      expect((await h.api(method, path, undefined, {})).statusCode).toBe(401);
      expect((await h.api(method, path, undefined, h.customer)).statusCode).toBe(403);
    }
  });
});

describe('discovery', () => {
  it('should list the namespace in the REST index and every route in the OpenAPI document', async () => {
    const index = (await h.t.app.inject({ method: 'GET', url: '/wp-json/' })).json();
    expect(index.namespaces).toContain('producttables/v1');
    const openapi = await h.t.app.inject({ method: 'GET', url: '/wp-json/openapi.json' });
    expect(openapi.statusCode).toBe(200);
    const paths = Object.keys(openapi.json().paths).filter((p) => p.includes('/producttables/v1/'));
    for (const route of [
      'tables',
      'tables/{id}',
      'products',
      'categories',
      'source-stats',
      'settings',
      'settings/reset',
      'system/status',
      'system/onboard',
      'preview',
      'logs',
      'logs/export',
      'logs/clear',
      'render/{id}',
    ])
      expect(paths).toContain(`/wp-json/producttables/v1/${route}`);
  });
});
