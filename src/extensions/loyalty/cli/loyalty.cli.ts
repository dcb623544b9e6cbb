import type { CliCommand } from '../../../platform/cli/cli-command.js';
import { integerOption } from '../../../platform/cli/cli-options.js';
import type { LoyaltyServices } from '../loyalty.services.js';
import { seedBenchLedger } from '../bench/loyalty-bench-data.js';
import { uninstallLoyalty } from '../uninstall/loyalty-uninstall.js';

/** `storeside bench-data loyalty` and `storeside extension uninstall loyalty`. */
export const loyaltyCli: ReadonlyArray<CliCommand<LoyaltyServices>> = [
  {
    name: ['bench-data', 'loyalty'],
    summary: 'Fill the loyalty ledger for benchmarks (skipped when it already holds entries).',
    options: {
      entries: { type: 'string', value: '<n>', description: 'Ledger entries to write (default 1000000).' },
      customers: {
        type: 'string',
        value: '<n>',
        description: 'Customers they are spread over (default 5000).',
      },
    },
    async run({ ctx }, { options, print }) {
      const entries = integerOption(options, 'entries', { default: 1_000_000, min: 1, max: 50_000_000 });
      const customers = integerOption(options, 'customers', { default: 5000, min: 1, max: 1_000_000 });
      await seedBenchLedger(ctx, { entries, customers, print });
      return 0;
    },
  },
  {
    name: ['extension', 'uninstall', 'loyalty'],
    summary:
      'Uninstall loyalty: cancel its jobs; delete all its data when advanced_deleteAllOnUninstall is on.',
    async run({ ctx }, { print }) {
      const deleted = await uninstallLoyalty(ctx);
      print(
        deleted
          ? 'Loyalty uninstalled: tables, settings and capabilities deleted.'
          : 'Loyalty uninstalled: jobs canceled; data kept (advanced_deleteAllOnUninstall is off).',
      );
      return 0;
    },
  },
];
