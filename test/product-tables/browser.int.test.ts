import { type HTMLInputElement, Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

// The storefront island in a DOM (happy-dom), as the page names it and the server sends it (the built file), its
// fetches answered by the real app: what a person does in a browser.
let h: PtTestApp;
let tableId: number;
let window: Window;
const calls: Array<{ url: string; method: string; headers: Record<string, string> }> = [];
let fetchesInFlight = 0;

beforeAll(async () => {
  h = await createPtTestApp();
  const shoes = await h.category('Shoes', 'shoes');
  for (let i = 1; i <= 5; i++)
    await h.product({ name: `Shoe ${i}`, regular_price: `${10 + i}.00`, categories: [{ id: shoes }] });
  await h.product({ name: 'Blue hat', regular_price: '5.00' });
  tableId = (
    await h.api('POST', '/tables', { data: { title: 'Browser', settings: { pagination: { limit: 4 } } } })
  ).json().id;
  const page = await h.t.app.inject({ method: 'GET', url: `/product-table/${tableId}` });
  window = new Window({ url: `http://shop.test/product-table/${tableId}` });
  const island = page.body.match(
    /<script type="module" src="(\/assets\/islands\/product-tables-[\w-]+\.js)"><\/script>/,
  );
  expect(island, 'the page names the product-tables island').not.toBeNull();
  const script = await h.t.app.inject({ method: 'GET', url: island![1]! });
  expect(script.statusCode).toBe(200);
  window.document.write(page.body.replace(/<script[^>]*><\/script>/g, ''));
  (window as unknown as { fetch: unknown }).fetch = async (
    input: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) => {
    const url = new URL(input, 'http://shop.test');
    const headers = init.headers ?? {};
    calls.push({ url: url.pathname + url.search, method: init.method ?? 'GET', headers });
    fetchesInFlight++;
    const r = await h.t.app
      .inject({
        method: (init.method ?? 'GET') as 'GET',
        url: url.pathname + url.search,
        headers,
        ...(init.body ? { payload: init.body } : {}),
      })
      .finally(() => fetchesInFlight--);
    return new window.Response(r.body, {
      status: r.statusCode,
      headers: r.headers as Record<string, string>,
    });
  };
  window.eval(script.body);
});
afterAll(async () => {
  await window.happyDOM.close();
  await h.t.close();
});

const doc = () => window.document;
const rowNames = () => [...doc().querySelectorAll('tbody .producttables-name')].map((a) => a.textContent);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits `ms`, then for every fetch the script made to be answered, then for the script to render it. */
const settle = async (ms = 0) => {
  await sleep(ms);
  await window.happyDOM.waitUntilComplete();
  while (fetchesInFlight > 0) await sleep(5);
  await sleep(20);
};

describe('storefront script in a browser', () => {
  it('should show the first page and add the quantity buttons', () => {
    expect(rowNames()).toHaveLength(4);
    expect(doc().querySelectorAll('.producttables-qty-up').length).toBe(4);
  });

  it('should go to page 2 without reloading', async () => {
    (
      doc().querySelector('.producttables-pagination a[data-page="2"]') as unknown as { click(): void }
    ).click();
    await settle();
    expect(rowNames()).toEqual(['Shoe 2', 'Shoe 1']);
    expect(calls.at(-1)!.url).toContain(`/wp-json/producttables/v1/render/${tableId}?paged=2`);
  });

  it('should search after typing stops', async () => {
    const input = doc().querySelector('.producttables-search-input') as unknown as HTMLInputElement;
    input.value = 'blue';
    input.dispatchEvent(new window.Event('input', { bubbles: true }));
    await settle(450);
    expect(rowNames()).toEqual(['Blue hat']);
  });

  it('should filter by category and clear the filters', async () => {
    // Waits for each answer rather than for a fixed time (slow under parallel PostgreSQL tests).
    const until = (assertion: () => void) => vi.waitFor(assertion, { timeout: 5000, interval: 20 });
    (doc().querySelector('.producttables-search-clear') as unknown as { click(): void }).click();
    await until(() => expect(rowNames()).toHaveLength(4));
    const box = doc().querySelector(
      'input[name="product_cat"][value="shoes"]',
    ) as unknown as HTMLInputElement;
    box.checked = true;
    box.dispatchEvent(new window.Event('change', { bubbles: true }));
    await until(() => expect(rowNames()).not.toContain('Blue hat'));
    expect(rowNames().length).toBeGreaterThan(0);
    expect(doc().querySelector('.producttables-filter-cats summary')!.textContent).toBe('1 selected');
    (doc().querySelector('.producttables-filter-clear') as unknown as { click(): void }).click();
    await until(() => expect(rowNames()).toContain('Blue hat'));
  });

  it('should add a product to the cart through the Store API and show a badge', async () => {
    const button = doc().querySelector('tbody .producttables-add') as unknown as { click(): void };
    button.click();
    // Wait for the answer rather than for a fixed time (slow under parallel PostgreSQL tests).
    await vi.waitFor(
      () =>
        expect(doc().querySelector('.producttables-notice')!.textContent).toBe(
          '1 item(s) added to your cart.',
        ),
      { timeout: 5000, interval: 20 },
    );
    const add = calls.find((c) => c.url === '/wp-json/wc/store/v1/cart/add-item')!;
    expect(add.method).toBe('POST');
    expect(add.headers.Nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(doc().querySelector('.producttables-added')!.textContent).toBe('✓ 1 in cart');
    expect(window.localStorage.getItem('producttables_cart_token')).toBeTruthy();
  });

  it('should add selected rows in bulk with the running total on the button', async () => {
    const boxes = [...doc().querySelectorAll('.producttables-select:not([disabled])')].slice(
      0,
      2,
    ) as unknown as HTMLInputElement[];
    for (const box of boxes) {
      box.checked = true;
      box.dispatchEvent(new window.Event('change', { bubbles: true }));
    }
    expect(doc().querySelector('.producttables-bulk-label')!.textContent).toMatch(
      /^Add 2 item\(s\) for \$\d+\.\d\d$/,
    );
    expect(doc().querySelectorAll('.producttables-selected-list li').length).toBe(2);
    const before = calls.length;
    (doc().querySelector('.producttables-bulk-add') as unknown as { click(): void }).click();
    // The adds run one after the other; wait for the second answer rather than for a fixed time.
    await vi.waitFor(
      () =>
        expect(doc().querySelector('.producttables-notice')!.textContent).toBe(
          '2 item(s) added to your cart.',
        ),
      { timeout: 5000, interval: 20 },
    );
    const adds = calls.slice(before).filter((c) => c.url === '/wp-json/wc/store/v1/cart/add-item');
    expect(adds).toHaveLength(2);
    expect(adds[0]!.headers['Cart-Token']).toBeTruthy();
  });
});
