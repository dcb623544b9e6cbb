import { BROWSER_HEADERS, defineScenario } from '../scenario.js';
import { firstBenchCustomer, LOYALTY_ENTRIES, seedLoyalty } from './loyalty-shared.js';

/** `GET /loyalty/v1/ledger` filtered by user + type + a 180-day range, with its totals headers. */
export default defineScenario({
  description: `GET /wp-json/loyalty/v1/ledger?user_id&transaction_type&date_from&date_to over ${LOYALTY_ENTRIES} entries`,
  targetRatio: 0.5,
  async setup(ctx) {
    await seedLoyalty(ctx);
    const userId = await firstBenchCustomer(ctx);
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const session = await ctx.login();
    return {
      path: `/wp-json/loyalty/v1/ledger?user_id=${userId}&transaction_type=credit&date_from=${day(180)}&date_to=${day(0)}`,
      headers: { ...session.headers, ...BROWSER_HEADERS },
    };
  },
});
