import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleCliCommands } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from './cart-helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  // The catalog's own demo step adds more products; these make the orders step testable on its own.
  for (let i = 0; i < 12; i++)
    await seedProduct(t, { name: `Demo thing ${i}`, price: 500 + i * 125, stock: 40 });
  await t.createUser({ role: 'customer' });
});
afterAll(async () => t.close());

async function runDemo(): Promise<string[]> {
  const lines: string[] = [];
  const demo = moduleCliCommands().find((c) => c.name.join(' ') === 'demo');
  expect(demo).toBeDefined();
  expect(await demo!.run(t, { args: [], options: {}, print: (line) => lines.push(line) })).toBe(0);
  return lines;
}

describe('storeside demo: orders', () => {
  it('should seed orders in several statuses once, and change nothing when run again', async () => {
    const first = await runDemo();
    expect(first.some((l) => l.startsWith('Demo orders: 11 orders'))).toBe(true);
    const statuses = (await t.ctx.shop.findOrders({ limit: 100 })).map((o) => o.status);
    for (const status of ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'])
      expect(statuses).toContain(status);
    const partly = (await t.ctx.shop.findOrders({ statuses: ['completed'] })).filter(
      (o) => o.refunded_total > 0,
    );
    expect(partly).toHaveLength(1);
    const second = await runDemo();
    expect(second).toContain('Demo orders: already seeded.');
    expect(await t.ctx.shop.findOrders({ limit: 100 })).toHaveLength(statuses.length);
  });
});
