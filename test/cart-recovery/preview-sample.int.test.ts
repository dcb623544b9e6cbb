import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import type { TestApp } from '../helpers/test-app.js';
import { createCrApp } from './cr-helpers.js';

// The preview's sample cart holds only what a cart can hold: the newest simple products and variations with a
// price, in stock; never an external or grouped product, nor one without a price or out of stock.
let t: TestApp;
let admin: Record<string, string>;
const clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));

async function product(payload: object): Promise<{ id: number }> {
  clock.advance(60_000);
  const r = await t.app.inject({ method: 'POST', url: '/wp-json/wc/v3/products', headers: admin, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

beforeAll(async () => {
  t = await createCrApp({ options: { clock } });
  admin = (await t.login(await t.createUser({ role: 'administrator' }))).headers;
  const apron = await product({
    name: 'Apron',
    type: 'variable',
    attributes: [{ name: 'Color', options: ['Blue', 'Red'], variation: true }],
  });
  for (const [color, stock] of [
    ['Blue', 'outofstock'],
    ['Red', 'instock'],
  ])
    await t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/products/${apron.id}/variations`,
      headers: admin,
      payload: {
        regular_price: '18.00',
        stock_status: stock,
        attributes: [{ name: 'Color', option: color }],
      },
    });
  const mug = await product({ name: 'Mug', regular_price: '12.50' });
  await product({ name: 'Kitchen Set', type: 'grouped', grouped_products: [mug.id] });
  await product({
    name: 'Partner Watch',
    type: 'external',
    regular_price: '299.00',
    external_url: 'https://partner.example.com/watch',
  });
  await product({ name: 'Free Sticker' });
  await product({ name: 'Kettle', regular_price: '30.00', stock_status: 'outofstock' });
});
afterAll(async () => t?.close());

describe('the recovery e-mail preview’s sample cart', () => {
  it('should show the newest products a cart can hold, with their prices', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/cartrecovery/v1/templates/preview',
      headers: admin,
      payload: { step: 1 },
    });
    expect(r.statusCode, r.body).toBe(200);
    const { text } = r.json() as { text: string };
    expect(text).toContain('- Mug × 1: $12.50');
    expect(text).toContain('- Apron (Color: Red) × 2: $36.00');
    expect(text).toContain('Total: $48.50');
    for (const name of ['Kitchen Set', 'Partner Watch', 'Free Sticker', 'Kettle'])
      expect(text).not.toContain(name);
    expect(text).not.toContain('$0.00');
  });
});
