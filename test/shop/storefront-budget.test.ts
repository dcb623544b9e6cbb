import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISLANDS_DIST_DIR, ISLANDS_PREFIX } from '../../src/shop/storefront/islands-manifest.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// DESIGN.md's budget: the JavaScript one storefront page loads is at most 20 kB gzipped (level 9). Each page type
// is rendered by the real app with every extension, and every script it names is counted: an island with the
// chunks it imports (dist/storefront, the build the tests run against, see test/setup/admin-build.ts), or any
// other script as the server sends it. As a page's islands depend on its data, a page with every island at once
// must fit too.
const BUDGET_BYTES = 20 * 1024;

interface Chunk {
  file: string;
  imports?: string[];
}
const manifest = JSON.parse(readFileSync(join(ISLANDS_DIST_DIR, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** What a page loads: each script file with its gzipped size. */
type Load = Map<string, number>;

/** The pages over `budget` bytes, with their totals in bytes. */
function overBudget(loads: Map<string, Load>, budget: number): Array<{ page: string; bytes: number }> {
  return [...loads]
    .map(([page, files]) => ({ page, bytes: [...files.values()].reduce((a, b) => a + b, 0) }))
    .filter((p) => p.bytes > budget);
}

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

/** The files an island's chunk loads: itself and its static imports, transitively. */
function islandFiles(key: string, into: Load = new Map()): Load {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.set(chunk.file, gzipSize(readFileSync(join(ISLANDS_DIST_DIR, chunk.file))));
  for (const imported of chunk.imports ?? []) islandFiles(imported, into);
  return into;
}

let t: TestApp;
let admin: Record<string, string>;
const pages = new Map<string, { url: string; cookie?: string }>();

async function wc(path: string, payload: object) {
  const r = await t.app.inject({ method: 'POST', url: `/wp-json${path}`, headers: admin, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

/** Every script a page names, with its gzipped size. */
async function scriptsOf(url: string, cookie?: string): Promise<Load> {
  const r = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(r.statusCode, `${url}: ${r.statusCode}`).toBeLessThan(500);
  expect(r.headers['content-type']).toContain('text/html');
  const load: Load = new Map();
  for (const [, src] of r.body.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) {
    const path = src!.replace(/&amp;/g, '&');
    if (path.startsWith(ISLANDS_PREFIX)) {
      const key = keyOfFile.get(path.slice(ISLANDS_PREFIX.length).split('?')[0]!);
      expect(key, `${path} is not in the islands manifest`).toBeDefined();
      islandFiles(key!, load);
    } else {
      const script = await t.app.inject({ method: 'GET', url: path });
      expect(script.statusCode, path).toBe(200);
      load.set(path, gzipSize(script.rawPayload));
    }
  }
  return load;
}

beforeAll(async () => {
  t = await createTestApp();
  // Cookie + nonce: the product tables' admin routes take no application passwords.
  admin = (await t.login(await t.createUser({ role: 'administrator' }))).headers;
  const category = await wc('/wc/v3/products/categories', { name: 'Lamps' });
  const simple = await wc('/wc/v3/products', {
    name: 'Desk Lamp',
    regular_price: '30.00',
    categories: [{ id: category.id }],
  });
  const variable = await wc('/wc/v3/products', {
    name: 'Floor Lamp',
    type: 'variable',
    categories: [{ id: category.id }],
    attributes: [{ name: 'Finish', options: ['Brass', 'Black'], variation: true }],
  });
  await wc(`/wc/v3/products/${variable.id}/variations`, {
    regular_price: '90.00',
    attributes: [{ name: 'Finish', option: 'Brass' }],
  });
  const table = await wc('/producttables/v1/tables', { data: { title: 'All lamps' } });
  const user = await t.createUser({ role: 'customer' });
  const { cookie } = await t.login(user);
  const added = await t.app.inject({
    method: 'POST',
    url: '/cart/',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `add-to-cart=${simple.id}&quantity=2`,
  });
  expect(added.statusCode).toBe(303);
  const order = await wc('/wc/v3/orders', {
    status: 'processing',
    customer_id: user.id,
    billing: { email: user.email },
    line_items: [{ product_id: simple.id, quantity: 1 }],
  });
  for (const [name, url, withCookie] of [
    ['home', '/', false],
    ['shop', '/shop/', false],
    ['category', `/product-category/${category.slug}/`, false],
    ['search', '/?s=lamp', false],
    ['product (simple)', `/product/${simple.slug}/`, false],
    ['product (variable)', `/product/${variable.slug}/`, true],
    ['cart', '/cart/', true],
    ['checkout', '/checkout/', true],
    ['order received', `/checkout/order-received/${order.id}/?key=${order.order_key}`, true],
    ['my account (guest)', '/my-account/', false],
    ['my account', '/my-account/', true],
    ['product table', `/product-table/${table.id}`, false],
  ] as const)
    pages.set(name, { url, ...(withCookie ? { cookie } : {}) });
}, 60_000);
afterAll(async () => t?.close());

describe('storefront JavaScript budget', () => {
  it('should flag a page over the budget with its total', () => {
    const loads = new Map<string, Load>([
      ['small', new Map([['a.js', 1000]])],
      [
        'large',
        new Map([
          ['a.js', 1000],
          ['b.js', BUDGET_BYTES],
        ]),
      ],
    ]);
    expect(overBudget(loads, BUDGET_BYTES)).toEqual([{ page: 'large', bytes: BUDGET_BYTES + 1000 }]);
  });

  it('should keep every storefront page type within 20 kB of gzipped JavaScript', async () => {
    const loads = new Map<string, Load>();
    for (const [name, { url, cookie }] of pages) loads.set(name, await scriptsOf(url, cookie));
    // The islands that depend on data these pages lack (videos, points) still count: all of them on one page.
    const everyIsland: Load = new Map();
    for (const key of Object.keys(manifest)) islandFiles(key, everyIsland);
    const heaviestOther = [...loads.values()]
      .flatMap((load) => [...load].filter(([file]) => !everyIsland.has(file)))
      .reduce<[string, number] | null>((a, b) => (a === null || b[1] > a[1] ? b : a), null);
    if (heaviestOther) everyIsland.set(heaviestOther[0], heaviestOther[1]);
    loads.set('any page with every island', everyIsland);

    const totals = [...loads].map(([page, files]) => ({
      page,
      kB: Math.round([...files.values()].reduce((a, b) => a + b, 0) / 102.4) / 10,
      files: [...files.keys()],
    }));
    expect(
      totals.find((p) => p.page === 'product (variable)')?.files.some((f) => f.startsWith('variation-form')),
    ).toBe(true);
    expect(
      totals.find((p) => p.page === 'product table')?.files.some((f) => f.startsWith('product-tables-')),
    ).toBe(true);
    const largest = totals.reduce((a, b) => (b.kB > a.kB ? b : a));
    console.info(
      `largest storefront page: ${largest.page}, ${largest.kB} kB gzipped JavaScript (${largest.files.join(', ')})`,
    );
    expect(overBudget(loads, BUDGET_BYTES)).toEqual([]);
  });
});
