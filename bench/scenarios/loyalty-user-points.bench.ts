import { defineScenario } from '../scenario.js';
import { firstBenchCustomer, seedLoyalty } from './loyalty-shared.js';

/** `POST /loyalty/v1/user-points` credits (the bar is ≥ 2,000 adjustments/s: ratio 0.025 of ~80k/s). */
export default defineScenario({
  description: 'POST /wp-json/loyalty/v1/user-points (credit 1 point), target ≥ 2,000/s',
  targetRatio: 0.025,
  async setup(ctx) {
    await seedLoyalty(ctx);
    const userId = await firstBenchCustomer(ctx);
    const session = await ctx.login();
    return {
      method: 'POST',
      path: '/wp-json/loyalty/v1/user-points',
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: { user_id: userId, amount: 1, type: 'credit', reason: 'bench' },
    };
  },
});
