import type { DbOrTrx } from '../../../platform/db/database.js';
import type { OptionsStore } from '../../../platform/options/options.js';
import { DEFAULT_SETTINGS, pickKnown } from './settings.defaults.js';
import type { LoyaltySettings } from './settings.schemas.js';

/** The option that stores the loyalty settings (one JSON object). */
const SETTINGS_OPTION = 'loyalty_settings';

/** The settings: stored values over the defaults, in key order. */
export async function readSettings(options: OptionsStore, db?: DbOrTrx): Promise<LoyaltySettings> {
  const stored = await options.get<Partial<LoyaltySettings>>(SETTINGS_OPTION, {}, db);
  return pickKnown({ ...DEFAULT_SETTINGS, ...stored });
}

/** Stores the full settings object. */
export async function writeSettings(options: OptionsStore, settings: LoyaltySettings): Promise<void> {
  await options.set(SETTINGS_OPTION, settings);
}

/** Forgets the stored settings (the defaults apply again). */
export async function deleteSettings(options: OptionsStore): Promise<void> {
  await options.delete(SETTINGS_OPTION);
}
