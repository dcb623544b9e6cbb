import { BROWSER_HEADERS, defineScenario } from '../scenario.js';
import { LOYALTY_ENTRIES, seedLoyalty } from './loyalty-shared.js';

/** `GET /loyalty/v1/ledger` page 1 with its totals headers over the seeded ledger. */
export default defineScenario({
  description: `GET /wp-json/loyalty/v1/ledger page 1 (+ X-WP-Total) over ${LOYALTY_ENTRIES} entries`,
  targetRatio: 0.5,
  async setup(ctx) {
    await seedLoyalty(ctx);
    const session = await ctx.login();
    return { path: '/wp-json/loyalty/v1/ledger', headers: { ...session.headers, ...BROWSER_HEADERS } };
  },
});
