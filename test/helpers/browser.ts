import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { BuildOptions } from '../../src/app.js';
import { createTestApp, type TestApp } from './test-app.js';

/** Debian's Chromium, which `.ci/run` installs when missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available && process.env.STORESIDE_REQUIRE_BROWSER === '1')
  throw new Error(`STORESIDE_REQUIRE_BROWSER=1 but ${CHROMIUM} is missing (apt-get install chromium)`);
if (!available)
  console.warn(`Browser tests not run: ${CHROMIUM} is missing (apt-get install chromium to run them).`);

/** `describe` when Chromium is installed, else a skipped suite (the run says why, once). */
export const describeInBrowser = available ? describe : describe.skip;

/** Starts headless Chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
}

/** A test app listening on a free local port, its public URL being that address (links and cookies match). */
export async function startListeningApp(
  env: Record<string, string> = {},
  options: Partial<BuildOptions> = {},
): Promise<{ t: TestApp; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ env: { STORESIDE_PUBLIC_URL: url, ...env }, options });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, url };
}

/** Logs in through the real login form, as a person does. */
export async function logInThroughForm(
  page: Page,
  base: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${base}/wp-login.php`);
  await page.getByLabel('Username or Email Address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/wp-login.php'));
}

/** Presses Tab (as a keyboard-only user does) until `target` has the focus; fails after 25 presses. */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 25; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

/**
 * Fails with the list of serious or critical accessibility violations axe finds on the page; `experimentalRules`
 * names axe rules that are off by default (e.g. `label-content-name-mismatch`, WCAG 2.5.3) to run as well.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { experimentalRules = [] }: { experimentalRules?: string[] } = {},
): Promise<void> {
  // A dialog still fading in has translucent text that axe would measure as low contrast: let the finite
  // animations end (a spinner's never does).
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => null)))',
  );
  // Sandboxed frames run no script, so axe cannot run inside them (it would wait on them until a timeout).
  const rules = Object.fromEntries(experimentalRules.map((id) => [id, { enabled: true }]));
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox]').options({ rules }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/** A TCP port free on this machine now (for an app that must know its public URL before listening). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
