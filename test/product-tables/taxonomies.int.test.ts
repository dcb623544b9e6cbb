import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

let h: PtTestApp;
let outdoor: number;
let sale: number;
let color: number;
let boots: number;
let tent: number;
let mug: number;

beforeAll(async () => {
  h = await createPtTestApp();
  const create = async (url: string, payload: object) => {
    const r = await h.t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3${url}`,
      headers: h.admin,
      payload,
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  outdoor = await create('/products/tags', { name: 'Outdoor' });
  sale = await create('/products/tags', { name: 'Sale Items' });
  color = await create('/products/attributes', { name: 'Color', order_by: 'name' });
  boots = await h.product({
    name: 'Boots',
    regular_price: '80',
    tags: [{ id: outdoor }, { id: sale }],
    attributes: [{ id: color, options: ['Brown', 'Black'] }],
  });
  tent = await h.product({ name: 'Tent', regular_price: '200', tags: [{ id: outdoor }] });
  mug = await h.product({ name: 'Mug', regular_price: '8', attributes: [{ id: color, options: ['White'] }] });
});
afterAll(async () => h.t.close());

const table = async (data: Record<string, unknown>) => {
  const r = await h.api('POST', '/tables', { data: { title: 'Taxonomies', ...data } });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
};
const render = (id: number, query = '') =>
  h.t.app.inject({ method: 'GET', url: `/wp-json/producttables/v1/render/${id}${query}` });
const rowIds = (html: string) =>
  [...html.matchAll(/data-product-id="(\d+)" data-in-stock/g)].map((m) => Number(m[1]));

describe('product tables: tags and global attributes', () => {
  it('should render tag columns linking to the table filtered by the tag, and attribute columns', async () => {
    const id = await table({
      source: { type: 'all', sort: { orderBy: 'title', order: 'ASC' } },
      columns: [
        { id: 'name', type: 'name', heading: 'Product' },
        {
          id: 'tags',
          type: 'tax',
          heading: 'Tags',
          settings: { taxonomy: 'product_tag', linkToArchive: true },
        },
        { id: 'color', type: 'tax', heading: 'Color', settings: { taxonomy: 'pa_color' } },
      ],
    });
    const r = await render(id, '?page_url=/gear/');
    expect(r.statusCode, r.body).toBe(200);
    const { html } = r.json();
    expect(rowIds(html)).toEqual([boots, mug, tent]);
    expect(html).toContain(
      '<a class="producttables-term" href="/gear/?product_tag=outdoor">Outdoor</a>, <a class="producttables-term" href="/gear/?product_tag=sale-items">Sale Items</a>',
    );
    expect(html).toContain(
      '<span class="producttables-term">Black</span>, <span class="producttables-term">Brown</span>',
    );
    expect(html).toContain('<span class="producttables-term">White</span>');
  });

  it('should filter rows by product_tag on the render endpoint and keep the filter in page links', async () => {
    const id = await table({
      source: { type: 'all', sort: { orderBy: 'title', order: 'ASC' } },
      settings: { pagination: { limit: 1 } },
    });
    const r = await render(id, '?product_tag=outdoor&page_url=/gear/');
    expect(r.json()).toMatchObject({ total: 2, total_pages: 2 });
    expect(rowIds(r.json().html)).toEqual([boots]);
    expect(r.json().pagination).toContain('product_tag=outdoor');
    const both = await render(id, '?product_tag=outdoor,sale-items');
    expect(both.json().total).toBe(2);
    expect((await render(id, '?product_tag=nothing-here')).json().total).toBe(0);
    const page = await h.t.app.inject({ method: 'GET', url: `/product-table/${id}?product_tag=sale-items` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="product_tag" class="producttables-filter-tag" value="sale-items"');
  });

  it('should narrow a source to its tagIds and count it so', async () => {
    const id = await table({
      source: { type: 'all', queryArgs: { tagIds: [sale] }, sort: { orderBy: 'title', order: 'ASC' } },
    });
    expect(rowIds((await render(id)).json().html)).toEqual([boots]);
    const listed = (await h.api('GET', '/tables')).json().find((x: { id: number }) => x.id === id);
    expect(listed.productCount ?? listed.product_count).toBe(1);
    expect((await render(id, '?product_tag=sale-items')).json().total).toBe(1);
    expect((await render(id, '?product_tag=outdoor')).json().total).toBe(0);
  });

  it('should refuse a tax column naming an unknown kind of taxonomy with 400', async () => {
    const r = await h.api('POST', '/tables', {
      data: {
        title: 'Bad',
        columns: [{ id: 'x', type: 'tax', heading: 'X', settings: { taxonomy: 'post_tag' } }],
      },
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json().data)).toContain('taxonomy');
  });
});
