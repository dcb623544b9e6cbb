import type { CliCommand } from '../../../platform/cli/cli-command.js';
import { CliUsageError } from '../../../platform/cli/platform-commands.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '../analytics/analytics-cache.js';
import { computeAnalytics, getAnalytics } from '../analytics/analytics.service.js';
import { erasePersonalData, exportPersonalData } from '../privacy/privacy.service.js';
import { pruneExpiredData } from '../privacy/retention.service.js';
import { sweepAbandonment } from '../sequence/abandonment.service.js';
import { seedBenchData } from './bench-data.service.js';

/** `storeside cart-recovery …` and `storeside bench-data cart-recovery`. */
export function cartRecoveryCli(cr: CartRecovery): CliCommand[] {
  return [
    {
      name: ['cart-recovery', 'privacy', 'export'],
      summary: 'Print (JSON) everything cart recovery holds for an e-mail address.',
      usage: 'storeside cart-recovery privacy export EMAIL',
      async run({ args, print }) {
        if (!args[0]) throw new CliUsageError('EMAIL is required');
        print(JSON.stringify(await exportPersonalData(cr, args[0]), null, 2));
        return 0;
      },
    },
    {
      name: ['cart-recovery', 'privacy', 'erase'],
      summary: 'Erase everything cart recovery holds for an e-mail address.',
      usage: 'storeside cart-recovery privacy erase EMAIL [--include-suppression]',
      async run({ args, flags, print }) {
        if (!args[0]) throw new CliUsageError('EMAIL is required');
        const result = await erasePersonalData(cr, args[0], {
          includeSuppression: flags['include-suppression'] === true,
        });
        print(
          `Erased ${result.sessions_erased} session(s)${result.suppression_erased ? ' and the suppression' : ''}.`,
        );
        return 0;
      },
    },
    {
      name: ['cart-recovery', 'prune'],
      summary: 'Apply the retention policy now (also runs daily).',
      async run({ print }) {
        const result = await pruneExpiredData(cr);
        print(`Deleted ${result.deleted}, anonymised ${result.anonymized} session(s).`);
        return 0;
      },
    },
    {
      name: ['cart-recovery', 'sweep'],
      summary: 'Run the abandonment sweep now (also runs every 5 minutes).',
      async run({ print }) {
        const result = await sweepAbandonment(cr);
        print(
          `Marked ${result.abandoned} session(s) abandoned; settled ${result.staleClaims} stale send claim(s).`,
        );
        return 0;
      },
    },
    {
      name: ['cart-recovery', 'analytics'],
      summary: 'Print the analytics of a period and how long they took.',
      usage: 'storeside cart-recovery analytics [--days=7|30|90] [--no-cache] [--repeat=N]',
      async run({ flags, print }) {
        const days = Number(flags.days ?? 30) as AnalyticsPeriod;
        if (!ANALYTICS_PERIODS.includes(days)) throw new CliUsageError('--days must be 7, 30 or 90');
        const repeat = Math.max(1, Number(flags.repeat ?? 1));
        const uncached = flags['no-cache'] === true || flags.cache === false;
        const timings: number[] = [];
        let report: unknown;
        for (let i = 0; i < repeat; i++) {
          const start = process.hrtime.bigint();
          report = uncached ? await computeAnalytics(cr, days) : await getAnalytics(cr, days);
          timings.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
        print(JSON.stringify(report, null, 2));
        timings.sort((a, b) => a - b);
        print(
          `${uncached ? 'uncached' : 'cached'} ${days} days: min ${timings[0].toFixed(1)} ms, median ${timings[Math.floor(timings.length / 2)].toFixed(1)} ms, max ${timings[timings.length - 1].toFixed(1)} ms over ${repeat} run(s)`,
        );
        return 0;
      },
    },
    {
      name: ['bench-data', 'cart-recovery'],
      summary: 'Seed benchmark sessions spread over 90 days.',
      usage: 'storeside bench-data cart-recovery --sessions=100000',
      async run({ flags, print }) {
        const count = Number(flags.sessions ?? 100_000);
        if (!Number.isInteger(count) || count < 1 || count > 5_000_000)
          throw new CliUsageError('--sessions must be 1–5000000');
        const written = await seedBenchData(cr, count, print);
        print(`Seeded ${written} cart-recovery session(s).`);
        return 0;
      },
    },
  ];
}
