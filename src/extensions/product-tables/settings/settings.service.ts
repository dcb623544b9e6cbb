import type { ExtensionContext } from '../../define-extension.js';
import { changedPaths, deepMerge } from '../config/deep.js';
import { factoryTableConfig } from '../config/table-config.defaults.js';
import { applyTableConfig } from '../config/table-config.service.js';
import type { ActivityActor } from '../logs/activity-actor.js';
import { logActivity } from '../logs/activity-log.service.js';
import { deleteAllTables } from '../tables/tables.repository.js';
import { withFactoryDefaults } from './settings.defaults.js';
import type { PluginSettings, PluginSettingsInput } from './settings.schemas.js';
import {
  deleteSettings,
  readOnboarded,
  readSettings,
  readStoredSettings,
  writeOnboarded,
  writeStoredSettings,
} from './settings.store.js';

/** Deep-merges a partial settings object over the stored settings, checks the table defaults, logs the changed keys. */
export async function updateSettings(
  ctx: ExtensionContext,
  input: PluginSettingsInput,
  actor: ActivityActor,
): Promise<PluginSettings> {
  const merged = await ctx.db.transaction().execute(async (trx) => {
    const stored = await readStoredSettings(ctx.options, trx);
    const before = withFactoryDefaults(stored);
    const nextStored = deepMerge(stored, input);
    const after = withFactoryDefaults(nextStored);
    // The defaults of a new table must themselves make a valid table (column ids, column options).
    applyTableConfig(
      factoryTableConfig(),
      { columns: after.table_defaults.columns },
      'settings.table_defaults',
    );
    await writeStoredSettings(ctx.options, nextStored, trx);
    const changed = changedPaths(before, after);
    await logActivity(
      ctx,
      changed.length > 0
        ? { level: 'success', title: 'Settings updated', details: `Changed: ${changed.join(', ')}` }
        : { level: 'info', title: 'Settings saved', details: 'No changes' },
      actor,
      trx,
    );
    return after;
  });
  return merged;
}

/** Deletes every table, the settings and the onboarding flag (not the log); logs a warning. */
export async function resetEverything(
  ctx: ExtensionContext,
  actor: ActivityActor,
): Promise<{ success: true; deleted_tables: number; settings: PluginSettings }> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const n = await deleteAllTables(trx);
    await deleteSettings(ctx.options, trx);
    await logActivity(
      ctx,
      {
        level: 'warning',
        title: 'Factory reset',
        details: `${n} table(s) deleted; settings reset to defaults`,
      },
      actor,
      trx,
    );
    return n;
  });
  return { success: true, deleted_tables: deleted, settings: await readSettings(ctx.options) };
}

/** Marks onboarding done (logged). */
export async function completeOnboarding(ctx: ExtensionContext, actor: ActivityActor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await writeOnboarded(ctx.options, trx);
    await logActivity(ctx, { level: 'info', title: 'Onboarding completed' }, actor, trx);
  });
}

/** True once onboarding is done. */
export async function isOnboarded(ctx: ExtensionContext): Promise<boolean> {
  return readOnboarded(ctx.options);
}
