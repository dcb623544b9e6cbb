import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

let h: PtTestApp;
let shoes: number;
beforeAll(async () => {
  h = await createPtTestApp();
  shoes = await h.category('Shoes');
  await h.product({ name: 'Runner', regular_price: '50.00', categories: [{ id: shoes }] });
  await h.product({
    name: 'Walker',
    regular_price: '40.00',
    sale_price: '30.00',
    categories: [{ id: shoes }],
  });
  await h.product({ name: 'Hat', regular_price: '10.00' });
  await h.product({ name: 'Draft thing', regular_price: '10.00', status: 'draft' });
});
afterAll(async () => h.t.close());

const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

describe('POST /tables (create)', () => {
  it('should create a table from the canonical defaults with 201 and the full record', async () => {
    const r = await h.api('POST', '/tables', { data: { title: 'Everything' } });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body).toMatchObject({
      id: expect.any(Number),
      title: 'Everything',
      status: 'publish',
      source: { type: 'all', queryArgs: { stockStatus: 'any' }, sort: { orderBy: 'date', order: 'DESC' } },
      product_count: 3,
      permalink: `http://shop.test/product-table/${body.id}`,
    });
    expect(body.shortcode).toBe(`[producttables id="${body.id}"]`);
    expect(body.created).toMatch(timestamp);
    expect(body.modified).toMatch(timestamp);
    expect(body.columns.map((c: { type: string }) => c.type)).toEqual(['image', 'name', 'price', 'button']);
    expect(body.settings.pagination).toEqual({ limit: 10, mode: 'standard', position: 'bottom' });
    expect(body.style.header.bgColor).toBe('#f8f9fa');
    expect(r.headers.location).toBe(`http://shop.test/wp-json/producttables/v1/tables/${body.id}`);
  });

  it('should complete partial columns with their type defaults', async () => {
    const r = await h.api('POST', '/tables', {
      data: {
        title: 'Cols',
        columns: [
          { id: 'c1', type: 'rating' },
          { id: 'c2', type: 'tax', heading: 'Cats', settings: { linkToArchive: true } },
        ],
      },
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().columns).toEqual([
      {
        id: 'c1',
        type: 'rating',
        heading: '',
        advanced: { showHeading: true, width: { value: 0, unit: 'auto' }, visibility: 'default' },
        settings: { displayFormat: 'stars' },
      },
      {
        id: 'c2',
        type: 'tax',
        heading: 'Cats',
        advanced: { showHeading: true, width: { value: 0, unit: 'auto' }, visibility: 'default' },
        settings: { taxonomy: 'product_cat', linkToArchive: true },
      },
    ]);
  });

  it.each([
    ['an unknown status', { status: 'trash' }, 'data.status'],
    ['an unknown source type', { source: { type: 'tag' } }, 'data.source.type'],
    ['an unknown top-level key', { colour: 'red' }, 'data.colour'],
    [
      'an unknown nested key',
      { settings: { features: { sortable: true } } },
      'data.settings.features.sortable',
    ],
    ['a limit above 500', { settings: { pagination: { limit: 501 } } }, 'data.settings.pagination.limit'],
    ['a limit of 0', { settings: { pagination: { limit: 0 } } }, 'data.settings.pagination.limit'],
    ['a column id with CSS characters', { columns: [{ id: 'a}b', type: 'name' }] }, 'data.columns.0.id'],
    ['an unknown column type', { columns: [{ id: 'a', type: 'video' }] }, 'data.columns.0.type'],
    [
      'an option of another column type',
      { columns: [{ id: 'a', type: 'name', settings: { metaKey: 'x' } }] },
      'data.columns.0.settings.metaKey',
    ],
    [
      'duplicate column ids',
      {
        columns: [
          { id: 'a', type: 'name' },
          { id: 'a', type: 'sku' },
        ],
      },
      'data.columns.1.id',
    ],
    ['a colour that is not a colour', { style: { header: { bgColor: 'red' } } }, 'data.style.header.bgColor'],
    [
      'a CSS-injecting colour',
      { style: { body: { bgColor: '#fff;}</style><script>' } } },
      'data.style.body.bgColor',
    ],
    ['a size without unit', { style: { header: { fontSize: '14' } } }, 'data.style.header.fontSize'],
    [
      'a border radius above 48',
      { style: { layout: { borderRadius: 100 } } },
      'data.style.layout.borderRadius',
    ],
    ['a title that is not a string', { title: { x: 1 } }, 'data.title'],
  ])('should refuse %s with 400 and store nothing', async (_what, data, field) => {
    const before = (await h.api('GET', '/tables')).json().length;
    const r = await h.api('POST', '/tables', { data });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('rest_invalid_param');
    expect(Object.keys(r.json().data.params)).toContain(field);
    expect((await h.api('GET', '/tables')).json().length).toBe(before);
  });

  it('should refuse a body without data with 400', async () => {
    const r = await h.api('POST', '/tables', { title: 'x' });
    expect(r.statusCode).toBe(400);
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    expect((await h.api('POST', '/tables', { data: {} }, {})).statusCode).toBe(401);
    expect((await h.api('POST', '/tables', { data: {} }, h.customer)).statusCode).toBe(403);
  });
});

describe('POST /tables (update)', () => {
  it('should update the given table with 200, keep what was not sent, and log the changed paths', async () => {
    const created = (await h.api('POST', '/tables', { data: { title: 'Before' } })).json();
    const r = await h.api('POST', '/tables', {
      data: { id: created.id, title: 'After', status: 'draft', style: { header: { bgColor: '#123456' } } },
    });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ id: created.id, title: 'After', status: 'draft', created: created.created });
    expect(body.style.header).toEqual({ ...created.style.header, bgColor: '#123456' });
    expect(body.columns).toEqual(created.columns);
    const log = (await h.api('GET', '/logs?search=After')).json().entries[0];
    expect(log).toMatchObject({ level: 'success', title: 'Table updated', user: 'boss' });
    expect(log.details).toContain('title, status, style.header.bgColor');
  });

  it('should answer 404 producttables_not_found for an unknown id and create nothing', async () => {
    const before = (await h.api('GET', '/tables')).json().length;
    const r = await h.api('POST', '/tables', { data: { id: 999999, title: 'Ghost' } });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('producttables_not_found');
    expect((await h.api('GET', '/tables')).json().length).toBe(before);
  });
});

describe('GET /tables', () => {
  it('should list summaries newest first with product counts per source', async () => {
    const sale = (
      await h.api('POST', '/tables', { data: { title: 'Sale', source: { type: 'sale' } } })
    ).json();
    const cat = (
      await h.api('POST', '/tables', {
        data: { title: 'Shoes', source: { type: 'category', queryArgs: { categoryIds: [shoes] } } },
      })
    ).json();
    const r = await h.api('GET', '/tables');
    expect(r.statusCode).toBe(200);
    const list = r.json();
    expect(list[0].id).toBe(cat.id);
    expect(list[1].id).toBe(sale.id);
    expect(list[0]).toEqual({
      id: cat.id,
      title: 'Shoes',
      status: 'publish',
      source: cat.source,
      shortcode: `[producttables id="${cat.id}"]`,
      created: cat.created,
      modified: cat.modified,
      product_count: 2,
    });
    expect(list[1].product_count).toBe(1);
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    expect((await h.api('GET', '/tables', undefined, {})).statusCode).toBe(401);
    expect((await h.api('GET', '/tables', undefined, h.customer)).statusCode).toBe(403);
  });
});

describe('GET /tables/{id}', () => {
  it('should return the full record', async () => {
    const created = (await h.api('POST', '/tables', { data: { title: 'One' } })).json();
    const r = await h.api('GET', `/tables/${created.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(created);
  });

  it('should fill configuration keys missing from rows written by an older version', async () => {
    const row = await h.t.ctx.db
      .insertInto('ptables_tables')
      .values({
        title: 'Old row',
        status: 'publish',
        source: JSON.stringify({ type: 'all' }),
        columns: '[]',
        settings: JSON.stringify({ pagination: { limit: 7 } }),
        style: '{}',
        created_at: '2026-01-01 00:00:00',
        modified_at: '2026-01-01 00:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await h.api('GET', `/tables/${row.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().settings.pagination).toEqual({ limit: 7, mode: 'standard', position: 'bottom' });
    expect(r.json().source.queryArgs.stockStatus).toBe('any');
    expect(r.json().style.header.fontSize).toBe('14px');
  });

  it('should answer 404 producttables_not_found for an unknown id', async () => {
    const r = await h.api('GET', '/tables/424242');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'producttables_not_found', data: { status: 404 } });
  });

  it('should refuse a non-numeric id with 400', async () => {
    expect((await h.api('GET', '/tables/abc')).statusCode).toBe(400);
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    expect((await h.api('GET', '/tables/1', undefined, {})).statusCode).toBe(401);
    expect((await h.api('GET', '/tables/1', undefined, h.customer)).statusCode).toBe(403);
  });
});

describe('DELETE /tables/{id}', () => {
  it('should delete for good and return the previous record', async () => {
    const created = (await h.api('POST', '/tables', { data: { title: 'Doomed' } })).json();
    const r = await h.api('DELETE', `/tables/${created.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ deleted: true, previous: created });
    expect((await h.api('GET', `/tables/${created.id}`)).statusCode).toBe(404);
    const log = (await h.api('GET', '/logs?search=Doomed')).json().entries[0];
    expect(log).toMatchObject({ level: 'info', title: 'Table deleted' });
  });

  it('should work through the X-HTTP-Method-Override header as api-fetch sends it', async () => {
    const created = (await h.api('POST', '/tables', { data: { title: 'Override' } })).json();
    const r = await h.api('POST', `/tables/${created.id}`, undefined, {
      ...h.admin,
      'x-http-method-override': 'DELETE',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().deleted).toBe(true);
  });

  it('should answer 404 for an unknown id', async () => {
    const r = await h.api('DELETE', '/tables/424242');
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('producttables_not_found');
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    expect((await h.api('DELETE', '/tables/1', undefined, {})).statusCode).toBe(401);
    expect((await h.api('DELETE', '/tables/1', undefined, h.customer)).statusCode).toBe(403);
  });
});
