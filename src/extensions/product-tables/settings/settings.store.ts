import type { DbOrTrx } from '../../../platform/db/database.js';
import type { OptionsStore } from '../../../platform/options/options.js';

/** Option holding the settings a shop owner changed (merged over the factory ones when read). */
export const SETTINGS_OPTION = 'ptables_settings';
/** Option set when the creation wizard's onboarding is done. */
const ONBOARDING_OPTION = 'ptables_onboarding_completed';

/** True once onboarding is done. */
export async function readOnboarded(options: OptionsStore, db?: DbOrTrx): Promise<boolean> {
  return options.get<boolean>(ONBOARDING_OPTION, false, db);
}

/** Records that onboarding is done. */
export async function writeOnboarded(options: OptionsStore, db?: DbOrTrx): Promise<void> {
  await options.set(ONBOARDING_OPTION, true, db);
}

/** Forgets that onboarding is done (a factory reset). */
export async function deleteOnboarded(options: OptionsStore, db?: DbOrTrx): Promise<void> {
  await options.delete(ONBOARDING_OPTION, db);
}
