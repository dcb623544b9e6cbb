import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

let h: PtTestApp;
let shoes: number;
let runner: number;
beforeAll(async () => {
  h = await createPtTestApp();
  shoes = await h.category('Shoes');
  runner = await h.product({
    name: 'Runner',
    sku: 'RUN-1',
    regular_price: '50.00',
    categories: [{ id: shoes }],
  });
  await h.product({ name: 'Walker', regular_price: '40.00', categories: [{ id: shoes }] });
});
afterAll(async () => h.t.close());

const column = (
  id: string,
  type: string,
  heading: string,
  order: number,
  settings: Record<string, unknown> = {},
  width = { value: 0, unit: 'auto' },
) => ({ id, type, heading, advanced: { showHeading: true, width, visibility: 'all', order }, settings });

/**
 * A configuration as the original admin panel saves it: every key reference §1.3–1.6 documents, with the admin's
 * defaults (`borderRadius: '8px'`, `rowHoverTextColor: ''`), and columns whose array order differs from `order`.
 */
function originalAdminConfig() {
  return {
    title: 'Everything the original admin saves',
    status: 'publish',
    source: {
      type: 'category',
      queryArgs: {
        categoryIds: [shoes],
        tagIds: [],
        postIds: [],
        excludes: [],
        stockStatus: 'any',
        priceRange: { min: 0, max: null },
        productObjects: {
          [String(runner)]: {
            id: runner,
            name: 'Runner',
            sku: 'RUN-1',
            price: '<span>$50.00</span>',
            image: false,
          },
        },
      },
      sort: { orderBy: 'title', order: 'ASC' },
    },
    columns: [
      column('col_name_default', 'name', 'Product', 2, { linkTarget: 'product' }),
      column(
        'col_image_default',
        'image',
        'Image',
        1,
        { imageSize: 'thumbnail', linkTarget: 'product' },
        {
          value: 92,
          unit: 'px',
        },
      ),
      column('col_price_default', 'price', 'Price', 4),
      column('col_sku', 'sku', 'SKU', 3),
      column('col_stock', 'stock', 'Stock', 5),
      column('col_tax', 'tax', 'Categories', 6, { taxonomy: 'product_cat', linkToArchive: false }),
      column('col_rating', 'rating', 'Rating', 7, { displayFormat: 'stars' }),
      column('col_date', 'date', 'Added', 8),
      column('col_cf', 'cf', 'Material', 9, { metaKey: 'material' }),
      column('col_combined', 'combined', 'Details', 10, {
        elements: [{ id: 'el_1', type: 'sku', settings: { prefix: 'SKU: ', suffix: '' } }],
        layout: 'inline',
        separator: ' ',
      }),
      column('col_button_default', 'button', 'Buy', 11),
    ],
    settings: {
      features: {
        search: true,
        sorting: true,
        pagination: true,
        export: false,
        bulkSelect: { enabled: true, position: 'last', width: { value: 64, unit: 'px' }, visibility: 'all' },
        variationBadges: true,
        clearAllButton: true,
        selectedItemsPanel: { enabled: true },
        lightbox: true,
        variableGrouped: false,
        priceFilter: { enabled: false, mode: 'both', step: 1, customMin: null, customMax: null },
        variationsMode: 'inline',
        variableProductMode: 'inline',
        groupedProductMode: 'inline',
        nestedDefaultExpanded: false,
        showChildCount: true,
      },
      pagination: { limit: 10, mode: 'infinite', position: 'bottom' },
      cart: {
        enable: true,
        method: 'button',
        showQuantity: true,
        ajaxAdd: true,
        addToCartText: '',
        selectOptionsText: '',
      },
      filters: {
        enabled: true,
        showCategory: true,
        showType: true,
        activeTaxonomies: ['product_cat'],
        showPriceRange: false,
      },
    },
    style: {
      header: { bgColor: '#f8f9fa', textColor: '#333333', fontSize: '14px' },
      body: {
        bgColor: '#ffffff',
        textColor: '#555555',
        rowAlternate: false,
        altBgColor: '#f9f9f9',
        altTextColor: '#555555',
        borderColor: '#eeeeee',
      },
      button: {
        bgColor: '#2271b1',
        textColor: '#ffffff',
        borderRadius: '4px',
        icon: 'cart',
        hoverBgColor: '#135e96',
        hoverTextColor: '#ffffff',
      },
      layout: {
        borderStyle: 'solid',
        borderColor: '#e5e7eb',
        borderRadiusEnabled: true,
        borderRadius: '8px',
        cellPadding: 'normal',
      },
      typography: { headerFontWeight: 'bold', headerTextTransform: 'uppercase' },
      hover: { rowHoverEnabled: true, rowHoverBgColor: '#f3f4f6', rowHoverTextColor: '' },
      responsive: { mode: 'accordion' },
    },
  };
}

const configOf = (record: Record<string, unknown>) => {
  const { title, status, source, columns, settings, style } = record;
  return { title, status, source, columns, settings, style };
};
const headingIds = (html: string) =>
  [...html.matchAll(/<th class="producttables-col-([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
const render = async (id: number) => {
  const r = await h.api('POST', '/preview', { data: { id } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().html as string;
};

describe("a configuration saved by the original plugin's admin panel", () => {
  it('should be saved with 201 and read back unchanged', async () => {
    const sent = originalAdminConfig();
    const created = await h.api('POST', '/tables', { data: sent });
    expect(created.statusCode, created.body).toBe(201);
    expect(configOf(created.json())).toEqual(sent);
    const read = await h.api('GET', `/tables/${created.json().id}`);
    expect(configOf(read.json())).toEqual(sent);
  });

  it('should render its columns by advanced.order and its legacy values as their current meaning', async () => {
    const { id } = (await h.api('POST', '/tables', { data: originalAdminConfig() })).json();
    const html = await render(id);
    expect(headingIds(html)).toEqual([
      'col_image_default',
      'col_name_default',
      'col_sku',
      'col_price_default',
      'col_stock',
      'col_tax',
      'col_rating',
      'col_date',
      'col_cf',
      'col_combined',
      'col_button_default',
      'select',
    ]);
    expect(html).toContain('data-responsive="stack"');
    expect(html).toContain('border-radius:8px');
    expect(html).toContain('Runner');
    const page = await h.t.app.inject({ method: 'GET', url: `/product-table/${id}` });
    expect(page.statusCode).toBe(200);
    expect(headingIds(page.body).slice(0, 3)).toEqual(['col_image_default', 'col_name_default', 'col_sku']);
  });

  it('should preview it unsaved, as the live preview sends it', async () => {
    const config = originalAdminConfig();
    config.settings.pagination.limit = 1;
    const r = await h.api('POST', '/preview', { data: config });
    expect(r.statusCode, r.body).toBe(200);
    expect(headingIds(r.json().html).slice(0, 4)).toEqual([
      'col_image_default',
      'col_name_default',
      'col_sku',
      'col_price_default',
    ]);
    expect(r.json().html).toContain('producttables-load-more');
  });

  it('should reorder the rendered columns when a drag renumbers advanced.order, keeping the stored array', async () => {
    const sent = originalAdminConfig();
    const { id } = (await h.api('POST', '/tables', { data: sent })).json();
    // The admin moved "Buy" to the front: it renumbers every column 1..n.
    const dragged = sent.columns.map((c) => ({
      ...c,
      advanced: { ...c.advanced, order: c.id === 'col_button_default' ? 1 : c.advanced.order + 1 },
    }));
    const saved = await h.api('POST', '/tables', { data: { id, columns: dragged } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().columns).toEqual(dragged);
    expect(headingIds(await render(id)).slice(0, 3)).toEqual([
      'col_button_default',
      'col_image_default',
      'col_name_default',
    ]);
  });

  it('should accept a whole record posted back (publish toggle) and ignore its read-only fields', async () => {
    const created = (await h.api('POST', '/tables', { data: originalAdminConfig() })).json();
    const toggled = await h.api('POST', '/tables', {
      data: {
        ...created,
        status: 'private',
        date: '2026-01-01 00:00:00',
        modifiedDate: 'x',
        productCount: 9,
      },
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json()).toMatchObject({ id: created.id, status: 'private', shortcode: created.shortcode });
    expect(configOf(toggled.json())).toEqual({ ...configOf(created), status: 'private' });
  });

  it('should replace the product picker cache whole on save', async () => {
    const { id } = (await h.api('POST', '/tables', { data: originalAdminConfig() })).json();
    const r = await h.api('POST', '/tables', { data: { id, source: { queryArgs: { productObjects: {} } } } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().source.queryArgs.productObjects).toEqual({});
  });
});

describe('validation of a table configuration', () => {
  it.each([
    ['columns.0.advanced.sortOrder', { columns: [{ id: 'a', type: 'name', advanced: { sortOrder: 1 } }] }],
    ['settings.features.sortable', { settings: { features: { sortable: true } } }],
    ['source.queryArgs.brandIds', { source: { queryArgs: { brandIds: [1] } } }],
    ['style.body.shadow', { style: { body: { shadow: 'none' } } }],
  ])('should refuse the unknown key %s with a message that names it', async (path, data) => {
    const r = await h.api('POST', '/tables', { data });
    expect(r.statusCode).toBe(400);
    const field = `data.${path}`;
    expect(r.json().data.params[field]).toContain(field);
    expect(r.json().data.errors[field].unknown).toContain(field);
  });

  it.each([
    ['a non-integer order', { columns: [{ id: 'a', type: 'name', advanced: { order: 'first' } }] }],
    ['a negative order', { columns: [{ id: 'a', type: 'name', advanced: { order: -1 } }] }],
    ['an unknown visibility', { columns: [{ id: 'a', type: 'name', advanced: { visibility: 'tv' } }] }],
    ['a too long heading', { columns: [{ id: 'a', type: 'name', heading: 'x'.repeat(201) }] }],
    ['a bad border radius', { style: { layout: { borderRadius: '8em' } } }],
    ['a price range below 0', { source: { queryArgs: { priceRange: { min: -1, max: null } } } }],
    ['a picker entry that is not an object', { source: { queryArgs: { productObjects: { '1': 'x' } } } }],
    ['a picker key that is not an id', { source: { queryArgs: { productObjects: { abc: {} } } } }],
    ['repeated tag ids', { source: { queryArgs: { tagIds: [1, 1] } } }],
    ['a price filter step of 0', { settings: { features: { priceFilter: { step: 0 } } } }],
    ['an unknown product mode', { settings: { features: { variableProductMode: 'grid' } } }],
    ['an unknown pagination mode', { settings: { pagination: { mode: 'endless' } } }],
    ['a cart method that is not a string', { settings: { cart: { method: {} } } }],
    ['a colour that is not a colour', { style: { body: { borderColor: 'red' } } }],
    [
      'duplicate column ids',
      {
        columns: [
          { id: 'a', type: 'name' },
          { id: 'a', type: 'sku' },
        ],
      },
    ],
    [
      'an option of another column type',
      { columns: [{ id: 'a', type: 'name', settings: { metaKey: 'x' } }] },
    ],
  ])('should refuse %s with 400 and messages that name the field and its rule', async (_what, data) => {
    const before = (await h.api('GET', '/tables')).json().length;
    const r = await h.api('POST', '/tables', { data });
    expect(r.statusCode, r.body).toBe(400);
    const body = r.json();
    expect(body.code).toBe('rest_invalid_param');
    const fields = Object.keys(body.data.params);
    expect(fields.length).toBeGreaterThan(0);
    expect(body.message).toContain(fields[0]);
    for (const field of fields) {
      expect(field.startsWith('data.')).toBe(true);
      expect(body.data.params[field]).toContain(field);
      const rules = Object.entries(body.data.errors[field] as Record<string, string>);
      expect(rules.length).toBeGreaterThan(0);
      for (const [rule, message] of rules) {
        expect(rule).toMatch(/^[a-z_]+$/);
        expect(message).toContain(field);
      }
    }
    expect((await h.api('GET', '/tables')).json().length).toBe(before);
  });
});
