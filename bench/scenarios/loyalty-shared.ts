import type { BenchContext } from '../scenario.js';

/** Ledger size of the loyalty scenarios (`LOYALTY_BENCH_ENTRIES`, default 1,000,000 over 5,000 customers). */
export const LOYALTY_ENTRIES = Number(process.env.LOYALTY_BENCH_ENTRIES ?? 1_000_000);

/** Seeds the ledger once per data dir (the CLI skips when it already holds entries). */
export async function seedLoyalty(ctx: BenchContext): Promise<void> {
  await ctx.cli(['bench-data', 'loyalty', `--entries=${LOYALTY_ENTRIES}`, '--customers=5000']);
}

/** The id of the first bench customer. */
export async function firstBenchCustomer(ctx: BenchContext): Promise<number> {
  const found = await ctx.rest<Array<{ id: number }>>(
    'GET',
    '/loyalty/v1/user-points/search-users?search=loyalty-bench-1%40&limit=1',
  );
  if (!found[0]) throw new Error('no bench customer found');
  return found[0].id;
}
