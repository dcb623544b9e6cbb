import type { ExtensionContext } from '../define-extension.js';
import type { CliCommand } from '../../platform/cli/cli-command.js';
import { CliUsageError } from '../../platform/cli/platform-commands.js';
import { seedBenchLedger } from './bench/loyalty-bench-data.js';
import { uninstallLoyalty } from './uninstall/loyalty-uninstall.js';

/** `storeside bench-data loyalty` and `storeside extension uninstall loyalty`. */
export function loyaltyCli(ctx: ExtensionContext): CliCommand[] {
  return [
    {
      name: ['bench-data', 'loyalty'],
      summary: 'Fill the loyalty ledger for benchmarks (skipped when it already holds entries).',
      usage: 'storeside bench-data loyalty [--entries=1000000] [--customers=5000]',
      async run({ flags, print }) {
        const entries = Number(flags.entries ?? 1_000_000);
        const customers = Number(flags.customers ?? 5000);
        if (!Number.isInteger(entries) || entries < 1 || !Number.isInteger(customers) || customers < 1)
          throw new CliUsageError('--entries and --customers must be positive integers');
        await seedBenchLedger(ctx, { entries, customers, print });
        return 0;
      },
    },
    {
      name: ['extension', 'uninstall', 'loyalty'],
      summary:
        'Uninstall loyalty: cancel its jobs; delete all its data when advanced_deleteAllOnUninstall is on.',
      async run({ print }) {
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
}
