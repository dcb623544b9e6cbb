import type { ExtensionContext } from '../../define-extension.js';
import { revokeCapabilityEverywhere } from '../../../platform/auth/capability-grants.service.js';
import { LOYALTY_SETTINGS, readSettings } from '../settings/settings.js';
import { dropLoyaltyTables } from './loyalty-uninstall.repository.js';
import { LOYALTY_JOBS } from '../loyalty.jobs.js';

/**
 * Uninstalls the extension's state: its scheduled jobs always; with `advanced_deleteAllOnUninstall` also
 * every table, its migration records, its settings and granted `manage_loyalty` capabilities.
 * Returns whether the data was deleted.
 */
export async function uninstallLoyalty(ctx: ExtensionContext): Promise<boolean> {
  const settings = await readSettings(ctx);
  for (const hook of LOYALTY_JOBS) await ctx.jobs.cancel(hook);
  if (!settings.advanced_deleteAllOnUninstall) return false;
  await ctx.db.transaction().execute(async (trx) => {
    await dropLoyaltyTables(trx);
    await revokeCapabilityEverywhere(trx, 'manage_loyalty');
  });
  await ctx.settings.of(LOYALTY_SETTINGS).reset();
  return true;
}
