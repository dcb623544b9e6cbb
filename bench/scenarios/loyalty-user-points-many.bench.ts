import { defineScenario } from '../scenario.js';
import { seedLoyalty } from './loyalty-shared.js';

/**
 * `POST /loyalty/v1/user-points` credits spread over 50 customers, requests sent round-robin: adjustments of
 * different customers, which share the ledger's cache topic but not an account row.
 */
export default defineScenario({
  description: 'POST /wp-json/loyalty/v1/user-points (credit 1 point) over 50 customers, target ≥ 1,500/s',
  targetRatio: 0.025,
  async setup(ctx) {
    await seedLoyalty(ctx);
    const found = await ctx.rest<Array<{ id: number }>>(
      'GET',
      '/loyalty/v1/user-points/search-users?search=loyalty-bench-&limit=50',
    );
    if (found.length < 50) throw new Error(`expected 50 bench customers, found ${found.length}`);
    const session = await ctx.login();
    return found.map((customer) => ({
      method: 'POST' as const,
      path: '/wp-json/loyalty/v1/user-points',
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: { user_id: customer.id, amount: 1, type: 'credit', reason: 'bench' },
    }));
  },
});
