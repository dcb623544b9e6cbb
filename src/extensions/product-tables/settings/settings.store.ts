import type { DbOrTrx } from '../../../platform/db/database.js';
import type { OptionsStore } from '../../../platform/options/options.js';
import { withFactoryDefaults } from './settings.defaults.js';
import type { PluginSettings, PluginSettingsInput } from './settings.schemas.js';

/** Option holding the settings a shop owner changed (merged over the factory ones when read). */
export const SETTINGS_OPTION = 'ptables_settings';
/** Option set when the creation wizard's onboarding is done. */
const ONBOARDING_OPTION = 'ptables_onboarding_completed';

/** The global settings: the stored ones deep-merged over the factory defaults. */
export async function readSettings(options: OptionsStore, db?: DbOrTrx): Promise<PluginSettings> {
  return withFactoryDefaults(await readStoredSettings(options, db));
}

/** Only the settings a shop owner changed, as stored (no defaults merged in). */
export async function readStoredSettings(options: OptionsStore, db?: DbOrTrx): Promise<PluginSettingsInput> {
  return options.get<PluginSettingsInput>(SETTINGS_OPTION, {}, db);
}

/** Stores the changed settings (what `readStoredSettings` returns). */
export async function writeStoredSettings(
  options: OptionsStore,
  stored: PluginSettingsInput,
  db?: DbOrTrx,
): Promise<void> {
  await options.set(SETTINGS_OPTION, stored, db);
}

/** Forgets the stored settings and the onboarding flag (factory state). */
export async function deleteSettings(options: OptionsStore, db?: DbOrTrx): Promise<void> {
  await options.delete(SETTINGS_OPTION, db);
  await options.delete(ONBOARDING_OPTION, db);
}

/** True once onboarding is done. */
export async function readOnboarded(options: OptionsStore, db?: DbOrTrx): Promise<boolean> {
  return options.get<boolean>(ONBOARDING_OPTION, false, db);
}

/** Records that onboarding is done. */
export async function writeOnboarded(options: OptionsStore, db?: DbOrTrx): Promise<void> {
  await options.set(ONBOARDING_OPTION, true, db);
}
