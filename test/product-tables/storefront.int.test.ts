import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderShortcodes } from '../../src/extensions/product-tables/storefront/shortcodes.js';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

let h: PtTestApp;
let shoes: number;
let simple: number;
let variable: number;
let grouped: number;
let external: number;
let soldOut: number;
let published: number;
let draft: number;
beforeAll(async () => {
  h = await createPtTestApp();
  shoes = await h.category('Shoes', 'shoes');
  const hats = await h.category('Hats', 'hats');
  simple = await h.product({
    name: 'Blue Runner',
    sku: 'RUN-1',
    regular_price: '50.00',
    manage_stock: true,
    stock_quantity: 7,
    categories: [{ id: shoes }],
    short_description: '<p>Light &amp; fast shoe for long runs on every kind of trail and road surface</p>',
  });
  variable = await h.product({
    name: 'Tee',
    type: 'variable',
    categories: [{ id: hats }],
    attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
  });
  await h.variation(variable, { regular_price: '20.00', attributes: [{ name: 'Size', option: 'S' }] });
  await h.variation(variable, { regular_price: '22.00', attributes: [{ name: 'Size', option: 'M' }] });
  const child = await h.product({ name: 'Child A', regular_price: '5.00', categories: [{ id: hats }] });
  grouped = await h.product({ name: 'Bundle', type: 'grouped', grouped_products: [child] });
  external = await h.product({
    name: 'Affiliate',
    type: 'external',
    external_url: 'https://partner.test/buy',
    button_text: 'Buy at partner',
    regular_price: '9.00',
  });
  soldOut = await h.product({ name: 'Gone', regular_price: '3.00', stock_status: 'outofstock' });
  published = (
    await h.api('POST', '/tables', {
      data: {
        title: 'Shop table',
        settings: { pagination: { limit: 3 } },
        columns: [
          { id: 'img', type: 'image', heading: 'Image' },
          { id: 'name', type: 'name', heading: 'Product' },
          { id: 'sku', type: 'sku', heading: 'SKU' },
          { id: 'stock', type: 'stock', heading: 'Stock' },
          { id: 'cat', type: 'tax', heading: 'Category', settings: { linkToArchive: true } },
          { id: 'sum', type: 'summary', heading: 'About', settings: { wordLimit: 5 } },
          { id: 'buy', type: 'button', heading: 'Buy' },
        ],
      },
    })
  ).json().id;
  draft = (await h.api('POST', '/tables', { data: { title: 'Secret', status: 'draft' } })).json().id;
});
afterAll(async () => h.t.close());

const render = (id: number, query = '') =>
  h.t.app.inject({ method: 'GET', url: `/wp-json/producttables/v1/render/${id}${query}` });
const rowIds = (html: string) =>
  [...html.matchAll(/data-product-id="(\d+)" data-in-stock/g)].map((m) => Number(m[1]));

describe('POST /preview', () => {
  it('should render the storefront markup of a configuration in the order of reference §3.2', async () => {
    const r = await h.api('POST', '/preview', { title: 'Draft preview', status: 'draft' });
    expect(r.statusCode).toBe(200);
    const { html, css, css_urls } = r.json();
    expect(html.startsWith('<style id="producttables-table-preview-')).toBe(true);
    expect(html).toMatch(
      /<div class="producttables-wrapper" id="producttables-table-preview-\d{4}" data-table-id=""/,
    );
    const order = [
      '<style',
      'class="producttables-wrapper"',
      'class="producttables-cart-data"',
      'class="producttables-filters"',
      'class="producttables-toolbar"',
      '<table class="producttables-table">',
      'producttables-pagination-bottom',
      '<dialog class="producttables-lightbox"',
    ].map((needle) => html.indexOf(needle));
    expect(order.every((pos: number) => pos >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(css).toContain('.producttables-table thead th{background-color:#f8f9fa');
    expect(css_urls[0]).toMatch(/^http:\/\/shop\.test\/product-tables\/assets\/product-tables\.css\?v=/);
    expect(html).toContain('data-responsive="stack"');
    expect(html).toContain('data-preview="1"');
  });

  it('should accept {data: configuration} with an id and use that wrapper id', async () => {
    const r = await h.api('POST', '/preview', {
      data: { id: published, style: { header: { bgColor: '#abcdef' } } },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().html).toContain(`id="producttables-table-${published}"`);
    expect(r.json().css).toContain('background-color:#abcdef');
    expect(r.json().html).toContain('<th class="producttables-col-sku" scope="col">SKU</th>');
  });

  it('should answer exactly the JSON of its value (gzipped alike), the rows of the storefront, and for a new style only a new style', async () => {
    const preview = (bgColor: string, headers: Record<string, string> = {}) =>
      h.api(
        'POST',
        '/preview',
        { data: { id: published, style: { header: { bgColor } } } },
        {
          ...h.admin,
          ...headers,
        },
      );
    const first = await preview('#123456');
    const { html, css } = first.json();
    expect(first.body).toBe(JSON.stringify(first.json()));
    const zipped = await preview('#123456', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(first.body);
    expect(html).toContain(`<tbody>${(await render(published)).json().html}</tbody>`);

    const restyled = await preview('#abcdef', { 'accept-encoding': 'gzip' });
    const again = JSON.parse(gunzipSync(restyled.rawPayload).toString('utf8'));
    expect(gunzipSync(restyled.rawPayload).toString('utf8')).toBe(JSON.stringify(again));
    expect(again.css).toBe(css.replace('#123456', '#abcdef'));
    expect(again.html).toBe(html.replace('#123456', '#abcdef'));
  });

  it('should refuse a bad configuration, or both forms at once, with 400', async () => {
    expect((await h.api('POST', '/preview', { settings: { pagination: { limit: 1000 } } })).statusCode).toBe(
      400,
    );
    expect((await h.api('POST', '/preview', { data: { title: 'x' }, title: 'y' })).statusCode).toBe(400);
    expect(
      (await h.api('POST', '/preview', { data: { columns: [{ id: 'x y', type: 'name' }] } })).statusCode,
    ).toBe(400);
  });

  it('should refuse anonymous callers with 401 and customers with 403', async () => {
    expect((await h.api('POST', '/preview', {}, {})).statusCode).toBe(401);
    expect((await h.api('POST', '/preview', {}, h.customer)).statusCode).toBe(403);
  });
});

describe('GET /render/{id} (public)', () => {
  it('should return rows, pagination and total of a published table without any credentials', async () => {
    const r = await render(published);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.total).toBe(6);
    expect(body.page).toBe(1);
    expect(body.total_pages).toBe(2);
    expect(rowIds(body.html)).toHaveLength(3);
    expect(body.pagination).toContain('data-mode="standard" data-current="1" data-total="2"');
    expect(body.pagination).toContain('href="/product-table/');
    const second = (await render(published, '?paged=2')).json();
    expect(rowIds(second.html)).toHaveLength(3);
    expect(new Set([...rowIds(body.html), ...rowIds(second.html)]).size).toBe(6);
  });

  it('should search every word of the name and filter by category and type', async () => {
    expect(rowIds((await render(published, '?s=blue%20RUNNER')).json().html)).toEqual([simple]);
    expect(rowIds((await render(published, '?product_cat=shoes')).json().html)).toEqual([simple]);
    expect((await render(published, '?product_cat=hats,shoes')).json().total).toBe(3);
    expect(rowIds((await render(published, '?product_type=variable')).json().html)).toEqual([variable]);
    const none = (await render(published, '?s=zzzz')).json();
    expect(none.total).toBe(0);
    expect(none.html).toContain('<td colspan="8">No products found.</td>');
    expect(none.pagination).toBe('');
  });

  it('should keep the page URL the script passes in pagination links', async () => {
    const body = (await render(published, '?page_url=%2Fshop%2Ftables')).json();
    expect(body.pagination).toContain('href="/shop/tables?paged=2"');
    expect((await render(published, '?page_url=https%3A%2F%2Fevil.test')).statusCode).toBe(400);
  });

  it('should compress the body for clients that accept it: Brotli first, else gzip', async () => {
    const plain = await render(published);
    const asked = (encodings: string) =>
      h.t.app.inject({
        method: 'GET',
        url: `/wp-json/producttables/v1/render/${published}`,
        headers: { 'accept-encoding': encodings },
      });
    const zipped = await asked('gzip, deflate');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    const brotli = await asked('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(zipped.rawPayload.length);
  });

  it('should gzip a preview the first time and send it as Brotli once it is sent again', async () => {
    const browser = { ...h.admin, 'accept-encoding': 'gzip, deflate, br' };
    const preview = (bgColor: string, headers: Record<string, string> = browser) =>
      h.api('POST', '/preview', { data: { id: published, style: { header: { bgColor } } } }, headers);
    const first = await preview('#0a1b2c');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    // Asked in other words, so the replay lane (which keeps the gzip answer for the same request) lets it through
    // to the rendering kept by the render cache.
    const again = await preview('#0a1b2c', { ...h.admin, 'accept-encoding': 'br, gzip' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.vary).toContain('Accept-Encoding');
    const plain = (await preview('#0a1b2c', h.admin)).body;
    expect(plain).toContain('#0a1b2c');
    expect(gunzipSync(first.rawPayload).toString('utf8')).toBe(plain);
    expect(brotliDecompressSync(again.rawPayload).toString('utf8')).toBe(plain);
    expect((await preview('#2c1b0a')).headers['content-encoding']).toBe('gzip');
  });

  it('should answer 404 for an unpublished or unknown table', async () => {
    expect((await render(draft)).statusCode).toBe(404);
    expect((await render(draft)).json().code).toBe('producttables_not_found');
    expect((await render(999999)).statusCode).toBe(404);
  });

  it('should refuse bad parameters with 400', async () => {
    expect((await render(published, '?paged=0')).statusCode).toBe(400);
    expect((await render(published, '?product_type=bundle')).statusCode).toBe(400);
  });
});

describe('cells and add-to-cart controls', () => {
  it('should render each product type with its own controls', async () => {
    const html =
      (await render(published, '?paged=1')).json().html + (await render(published, '?paged=2')).json().html;
    const row = (id: number) =>
      html.match(new RegExp(`<tr data-product-type="[a-z]+" data-product-id="${id}".*?</tr>`))![0];
    expect(row(simple)).toContain('data-in-stock="1"');
    expect(row(simple)).toContain('max="7"');
    expect(row(simple)).toContain(
      `<button type="button" class="producttables-btn producttables-add" data-product-id="${simple}">Add to Cart</button>`,
    );
    expect(row(simple)).toContain(
      '<span class="producttables-stock producttables-stock-in">7 in stock</span>',
    );
    expect(row(simple)).toContain('data-label="SKU"');
    expect(row(simple)).toContain('<td class="producttables-col-img" data-label="">');
    expect(row(simple)).toContain('href="/product-table/');
    expect(row(simple)).toContain('?product_cat=shoes');
    expect(row(simple)).toContain('Light &amp; fast shoe for…');
    expect(row(simple)).toMatch(/class="producttables-select" value="\d+" data-price="50.00"/);
    expect(row(variable)).toContain(
      '<select class="producttables-attr" data-attribute="Size" aria-label="Size"><option value="">Size</option><option value="S">S</option>',
    );
    expect(row(variable)).toContain('data-product-variations="[{&quot;id&quot;:');
    expect(row(variable)).toContain('2 options available');
    expect(row(variable)).toMatch(/class="producttables-select"[^>]*disabled/);
    expect(row(grouped)).toContain('<option value="">Select a product...</option>');
    expect(row(grouped)).toContain('Child A – $5.00');
    expect(row(external)).toContain(
      '<a class="producttables-btn producttables-external" href="https://partner.test/buy" target="_blank" rel="noopener noreferrer">Buy at partner</a>',
    );
    expect(row(soldOut)).toContain('data-in-stock="0"');
    expect(row(soldOut)).toContain('disabled>Out of Stock</button>');
    expect(row(soldOut)).toContain('Out of stock</span>');
  });

  it('should let the script add a rendered row to the cart through the Store API', async () => {
    const r = await h.t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      payload: { id: simple, quantity: 2 },
    });
    expect(r.statusCode).toBe(201);
    expect(r.headers['cart-token']).toBeTruthy();
    expect(r.json().items[0]).toMatchObject({ id: simple, quantity: 2 });
    const page = await h.t.app.inject({
      method: 'GET',
      url: `/product-table/${published}`,
      headers: { 'cart-token': String(r.headers['cart-token']) },
    });
    expect(page.body).toContain(
      `data-cart="[[&quot;${simple}&quot;,{&quot;productId&quot;:${simple},&quot;variationId&quot;:0,&quot;quantity&quot;:2`,
    );
  });
});

describe('Store API nonce on the page', () => {
  it('should give a logged-in visitor a nonce that lets the script add to their own cart', async () => {
    const page = await h.t.app.inject({
      method: 'GET',
      url: `/product-table/${published}`,
      headers: { cookie: h.customer.cookie! },
    });
    const nonce = page.body.match(/data-store-nonce="([0-9a-f]{10})"/)![1]!;
    const add = (headers: Record<string, string>) =>
      h.t.app.inject({
        method: 'POST',
        url: '/wp-json/wc/store/v1/cart/add-item',
        headers: { cookie: h.customer.cookie!, ...headers },
        payload: { id: simple, quantity: 1 },
      });
    expect((await add({})).statusCode).toBe(401);
    expect((await add({ nonce })).statusCode).toBe(201);
    const again = await h.t.app.inject({
      method: 'GET',
      url: `/product-table/${published}`,
      headers: { cookie: h.customer.cookie! },
    });
    expect(again.body).toContain(`data-cart="[[&quot;${simple}&quot;,`);
  });
});

describe('public page and shortcodes', () => {
  it('should serve the published table as a page with its stylesheet, island and a strict CSP', async () => {
    const r = await h.t.app.inject({ method: 'GET', url: `/product-table/${published}?s=runner` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.body).toContain('<title>Shop table – Storeside</title>');
    expect(r.body).toContain(`data-render-url="/wp-json/producttables/v1/render/${published}"`);
    expect(r.body).toContain('data-store-api="/wp-json/wc/store/v1"');
    expect(r.body).toMatch(/data-store-nonce="[0-9a-f]{10}"/);
    expect(r.body).toContain('value="runner"');
    expect(rowIds(r.body)).toEqual([simple]);
    const css = r.body.match(/href="(\/product-tables\/assets\/product-tables\.css\?v=[0-9a-f]+)"/)![1]!;
    const js = r.body.match(
      /<script type="module" src="(\/assets\/islands\/product-tables-[\w-]+\.js)">/,
    )![1]!;
    const cssRes = await h.t.app.inject({ method: 'GET', url: css });
    expect(cssRes.statusCode).toBe(200);
    expect(cssRes.headers['cache-control']).toContain('immutable');
    expect(cssRes.body).toContain('content:attr(data-label)');
    const jsRes = await h.t.app.inject({ method: 'GET', url: js });
    expect(jsRes.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(jsRes.body).toContain('/cart/add-item');
  });

  it("should show the table in the shop's header and footer, its product links landing on product pages", async () => {
    const r = await h.t.app.inject({ method: 'GET', url: `/product-table/${published}` });
    expect(r.body).toContain('<a class="site-title" href="/">Storeside</a>');
    expect(r.body).toContain(
      '<label class="screen-reader-text" for="site-search-field">Search products</label>',
    );
    expect(r.body).toContain('Cart (<span data-cart-count>0</span>)');
    expect(r.body).toContain('<a href="/product-category/shoes/">Shoes</a>');
    expect(r.body).toContain('<h1>Shop table</h1>');
    expect(r.body).toContain('<footer class="site-footer">');
    expect(r.body.match(/<h1>/g)).toHaveLength(1);
    const runner = await h.t.app.inject({ method: 'GET', url: `/product-table/${published}?s=runner` });
    const link = runner.body.match(/<a class="producttables-name" href="([^"]+)">Blue Runner<\/a>/)![1]!;
    const url = new URL(link);
    expect(url.pathname).toBe('/product/blue-runner/');
    const product = await h.t.app.inject({ method: 'GET', url: url.pathname });
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain('<h1>Blue Runner</h1>');
  });

  it("should count the visitor's cart in the header and share one page among visitors without a cart", async () => {
    const first = await h.t.app.inject({ method: 'GET', url: `/product-table/${published}` });
    const second = await h.t.app.inject({ method: 'GET', url: `/product-table/${published}` });
    expect(second.body).toBe(first.body);
    const added = await h.t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      payload: { id: simple, quantity: 3 },
    });
    const cookie = added.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const withCart = await h.t.app.inject({
      method: 'GET',
      url: `/product-table/${published}`,
      headers: { cookie },
    });
    expect(withCart.body).toContain('Cart (<span data-cart-count>3</span>)');
    const notice = await h.t.app.inject({
      method: 'GET',
      url: `/product-table/${draft}`,
      headers: { cookie: h.admin.cookie! },
    });
    expect(notice.body).toContain('<footer class="site-footer">');
  });

  it('should show visitors nothing for an unpublished or unknown table, and administrators a notice', async () => {
    expect((await h.t.app.inject({ method: 'GET', url: `/product-table/${draft}` })).statusCode).toBe(404);
    expect((await h.t.app.inject({ method: 'GET', url: '/product-table/999999' })).statusCode).toBe(404);
    const admin = await h.t.app.inject({
      method: 'GET',
      url: `/product-table/${draft}`,
      headers: { cookie: h.admin.cookie! },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('is not published (status: draft)');
    expect(admin.body).not.toContain('<table');
  });

  it('should replace shortcodes in page HTML with published tables only', async () => {
    const html = `<p>Intro</p>[producttables id="${published}"]<p>mid</p>[producttables id='${draft}'][producttables id=999999]`;
    const out = await renderShortcodes(h.t.ctx, html, {
      viewer: { kind: 'anonymous' },
      query: {},
      pageUrl: '/landing',
    });
    expect(out.startsWith('<p>Intro</p><style')).toBe(true);
    expect(out).toContain(`id="producttables-table-${published}"`);
    expect(out).toContain('action="/landing"');
    expect(out.endsWith('<p>mid</p>')).toBe(true);
    expect(
      await renderShortcodes(h.t.ctx, '<p>none</p>', {
        viewer: { kind: 'anonymous' },
        query: {},
        pageUrl: '/',
      }),
    ).toBe('<p>none</p>');
  });
});
