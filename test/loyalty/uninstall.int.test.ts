import { afterEach, describe, expect, it } from 'vitest';
import { loyaltyCli } from '../../src/extensions/loyalty/cli/loyalty.cli.js';
import { loyaltyExtension } from '../../src/extensions/loyalty/loyalty.extension.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adjust, adminSession, loyalty } from './helpers.js';

let t: TestApp;
afterEach(async () => t.close());

async function uninstall(app: TestApp): Promise<string[]> {
  const lines: string[] = [];
  const command = loyaltyCli.find((c) => c.name.join(' ') === 'extension uninstall loyalty')!;
  expect(
    await command.run(app.services(loyaltyExtension), { args: [], options: {}, print: (l) => lines.push(l) }),
  ).toBe(0);
  return lines;
}

// Asks the connection's own schema (introspection would also list other test schemas on PostgreSQL).
async function tableExists(app: TestApp): Promise<boolean> {
  try {
    await app.ctx.db.selectFrom('loyalty_ledger').select('id').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}

describe('storeside extension uninstall loyalty', () => {
  it('should keep the data and cancel the jobs when advanced_deleteAllOnUninstall is off', async () => {
    t = await createTestApp();
    const { headers } = await adminSession(t);
    const c = await t.createUser();
    await adjust(t, headers, { user_id: c.id, amount: 10 });
    expect(await uninstall(t)).toEqual([expect.stringContaining('data kept')]);
    expect(await tableExists(t)).toBe(true);
    const pending = await t.ctx.jobs.list({
      hook: 'loyalty.expire_points',
      status: 'pending',
      offset: 0,
      limit: 5,
    });
    expect(pending.total).toBe(0);
  });

  it('should drop every loyalty table and the settings when advanced_deleteAllOnUninstall is on', async () => {
    t = await createTestApp();
    const { headers } = await adminSession(t);
    expect(
      (await loyalty(t, 'POST', '/settings', headers, { advanced_deleteAllOnUninstall: true })).statusCode,
    ).toBe(200);
    expect(await uninstall(t)).toEqual([expect.stringContaining('deleted')]);
    expect(await tableExists(t)).toBe(false);
    expect(await t.ctx.options.get('loyalty_settings', null)).toBeNull();
  });
});
