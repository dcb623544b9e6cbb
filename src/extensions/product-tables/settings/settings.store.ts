import type { DbOrTrx } from '../../../platform/db/database.js';
import type { OptionsStore } from '../../../platform/options/options.js';
import { deepMerge } from '../config/deep.js';
import { factorySettings } from './settings.defaults.js';
import type { PluginSettings } from './settings.schemas.js';

/** Option holding the settings a shop owner changed (merged over the factory ones when read). */
export const SETTINGS_OPTION = 'ptables_settings';
/** Option set when the creation wizard's onboarding is done. */
export const ONBOARDING_OPTION = 'ptables_onboarding_completed';

/** The global settings: the stored ones deep-merged over the factory defaults. */
export async function readSettings(options: OptionsStore, db?: DbOrTrx): Promise<PluginSettings> {
  const stored = await options.get<Record<string, unknown>>(SETTINGS_OPTION, {}, db);
  return deepMerge(factorySettings(), stored);
}
