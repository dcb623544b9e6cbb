import { type CliCommand, CliUsageError } from '../../../platform/cli/cli-command.js';
import { integerOption } from '../../../platform/cli/cli-options.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '../analytics/analytics-cache.js';
import { computeAnalytics, getAnalytics } from '../analytics/analytics.service.js';
import { erasePersonalData, exportPersonalData } from '../privacy/privacy.service.js';
import { pruneExpiredData } from '../privacy/retention.service.js';
import { sweepAbandonment } from '../sequence/abandonment.service.js';
import { seedBenchData } from './bench-data.service.js';

/** `storeside cart-recovery …` and `storeside bench-data cart-recovery`. */
export const cartRecoveryCli: ReadonlyArray<CliCommand<CartRecovery>> = [
  {
    name: ['cart-recovery', 'privacy', 'export'],
    summary: 'Print (JSON) everything cart recovery holds for an e-mail address.',
    args: '<email>',
    async run(cr, { args, print }) {
      if (!args[0]) throw new CliUsageError('<email> is required');
      print(JSON.stringify(await exportPersonalData(cr, args[0]), null, 2));
      return 0;
    },
  },
  {
    name: ['cart-recovery', 'privacy', 'erase'],
    summary: 'Erase everything cart recovery holds for an e-mail address.',
    args: '<email>',
    options: {
      'include-suppression': {
        type: 'boolean',
        description: 'Also erase the address from the suppression list (it may then be e-mailed again).',
      },
    },
    async run(cr, { args, options, print }) {
      if (!args[0]) throw new CliUsageError('<email> is required');
      const result = await erasePersonalData(cr, args[0], {
        includeSuppression: options['include-suppression'] === true,
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
    async run(cr, { print }) {
      const result = await pruneExpiredData(cr);
      print(`Deleted ${result.deleted}, anonymised ${result.anonymized} session(s).`);
      return 0;
    },
  },
  {
    name: ['cart-recovery', 'sweep'],
    summary: 'Run the abandonment sweep now (also runs every 5 minutes).',
    async run(cr, { print }) {
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
    options: {
      days: {
        type: 'string',
        value: '<days>',
        description: `The period: ${ANALYTICS_PERIODS.join(', ')} (default 30).`,
      },
      'no-cache': { type: 'boolean', description: 'Compute from the sessions instead of reading the cache.' },
      repeat: {
        type: 'string',
        value: '<n>',
        description: 'Run it n times and print the timings (default 1).',
      },
    },
    async run(cr, { options, print }) {
      const days = Number(options.days ?? 30) as AnalyticsPeriod;
      if (!ANALYTICS_PERIODS.includes(days))
        throw new CliUsageError(`--days must be one of ${ANALYTICS_PERIODS.join(', ')}`);
      const repeat = integerOption(options, 'repeat', { default: 1, min: 1, max: 10_000 });
      const uncached = options['no-cache'] === true;
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
    options: {
      sessions: {
        type: 'string',
        value: '<n>',
        description: 'Sessions to seed, 1–5000000 (default 100000).',
      },
    },
    async run(cr, { options, print }) {
      const count = integerOption(options, 'sessions', { default: 100_000, min: 1, max: 5_000_000 });
      const written = await seedBenchData(cr, count, print);
      print(`Seeded ${written} cart-recovery session(s).`);
      return 0;
    },
  },
];
