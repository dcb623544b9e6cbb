// `npx tsx bench/admin-ledger-page.ts`: how fast the admin's Points Ledger is usable on the 1,000,000-entry bench
// ledger. Builds the app on a fresh SQLite file (or DATABASE_URL), seeds the ledger as the loyalty scenarios do,
// logs in through the form in Chromium, then loads the ledger screen `BENCH_ROUNDS` times (5) per case and records
// the time from navigation start until the first page of rows and its page count are on screen.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/app.js';
import { seedBenchLedger } from '../src/extensions/loyalty/bench/loyalty-bench-data.js';
import { loadConfig } from '../src/platform/config/config.js';
// @ts-expect-error plain JavaScript module shared with bin/storeside.js
import { buildAdminIfStale } from '../bin/admin-build.js';

const ENTRIES = Number(process.env.LOYALTY_BENCH_ENTRIES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const root = join(import.meta.dirname, '..');
buildAdminIfStale(root);

const dataDir = mkdtempSync(join(tmpdir(), 'storeside-admin-bench-'));
const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  STORESIDE_DATA_DIR: dataDir,
  STORESIDE_PUBLIC_URL: base,
  STORESIDE_ADMIN_PASSWORD: 'bench-admin-password',
});
const built = await buildApp({ config, print: () => {} });
const seeded = Date.now();
await seedBenchLedger(built.ctx, { entries: ENTRIES, customers: 5000, print: (line) => console.log(line) });
console.log(`seeded ${ENTRIES} entries in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
await built.app.listen({ port, host: '127.0.0.1' });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${base}/wp-login.php`);
await page.getByLabel('Username or Email Address').fill('admin');
await page.getByLabel('Password', { exact: true }).fill('bench-admin-password');
await page.getByRole('button', { name: 'Log In' }).click();
await page.waitForURL(`${base}/wp-admin/`);

const cases = [
  { name: 'page 1', query: '' },
  { name: 'debits', query: '?transaction_type=debit' },
  { name: 'page 20,000', query: '?paged=20000' },
];
const results: Array<{ case: string; roundsMs: number[]; medianMs: number; total: string }> = [];
for (const c of cases) {
  const rounds: number[] = [];
  let total = '';
  for (let i = 0; i < ROUNDS; i++) {
    await page.goto('about:blank');
    const started = Date.now();
    await page.goto(`${base}/wp-admin/loyalty/ledger${c.query}`);
    await page.getByRole('table', { name: 'Ledger entries' }).locator('tbody tr').nth(19).waitFor();
    await page.getByText(/^Page [\d,]+ of [\d,]+$/).waitFor();
    rounds.push(Date.now() - started);
    total =
      (await page
        .getByText(/ entries$/)
        .first()
        .textContent()) ?? '';
  }
  const sorted = [...rounds].sort((a, b) => a - b);
  results.push({ case: c.name, roundsMs: rounds, medianMs: sorted[Math.floor(sorted.length / 2)]!, total });
}
await browser.close();
await built.app.close();
await built.close();
rmSync(dataDir, { recursive: true, force: true });

const engine = config.databaseUrl ? 'postgres' : 'sqlite';
for (const r of results)
  console.log(`${r.case}: median ${r.medianMs} ms (${r.roundsMs.join(', ')}), ${r.total}`);
writeFileSync(
  join(
    root,
    'bench',
    'results',
    engine === 'postgres' ? 'postgres/admin-ledger-page.json' : 'admin-ledger-page.json',
  ),
  `${JSON.stringify({ scenario: 'admin-ledger-page', engine, entries: ENTRIES, at: new Date().toISOString(), results }, null, 2)}\n`,
);
