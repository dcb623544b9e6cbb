import { type CliCommand, CliUsageError } from '../../platform/cli/cli-command.js';
import { integerOption } from '../../platform/cli/cli-options.js';
import { paymentsCliCommands } from '../payments/payments.cli.js';
import type { ShopContext } from '../shop-part.js';
import { generateBenchCatalog } from './bench-data.js';

/** The shop's CLI commands: `storeside demo` and `storeside bench-data shop`. */
export const shopCliCommands: ReadonlyArray<CliCommand<ShopContext>> = [
  {
    name: ['demo'],
    summary:
      'Seed a believable demo shop (products, customers, reviews, orders, extension data); idempotent.',
    options: {
      'with-fakes': {
        type: 'boolean',
        description:
          "Also start the outside services' fakes and seed through them (video library); enable Stripe with the fake's test keys.",
      },
    },
    async run(ctx, { print, options }) {
      await ctx.shop.seedDemo({ print, withFakes: options['with-fakes'] === true });
      print('Demo shop ready.');
      return 0;
    },
  },
  {
    name: ['bench-data', 'shop'],
    summary: 'Add N generated products over 20 categories (batched inserts) for benchmarks.',
    options: {
      products: { type: 'string', value: '<n>', description: 'Products to add, 1–5000000 (required).' },
      batch: { type: 'string', value: '<rows>', description: 'Rows per insert, 1–1000 (default 500).' },
    },
    async run(ctx, { options, print }) {
      if (options.products === undefined) throw new CliUsageError('--products is required');
      const products = integerOption(options, 'products', { default: 0, min: 1, max: 5_000_000 });
      const batch = integerOption(options, 'batch', { default: 500, min: 1, max: 1000 });
      const result = await generateBenchCatalog(ctx, { products, batchSize: batch });
      print(
        `Bench catalog: ${result.created} products over ${result.categories} categories in ${result.milliseconds} ms (${Math.round((result.created * 1000) / Math.max(1, result.milliseconds))} products/s).`,
      );
      return 0;
    },
  },
  ...paymentsCliCommands,
];
