import type { DbOrTrx } from '../../platform/db/database.js';
import { invalid } from '../../platform/http/errors.js';
import type { OptionsStore } from '../../platform/options/options.js';
import { DEFAULT_SETTINGS, type LoyaltySettings, SETTING_KEYS } from './loyalty-settings.js';

/** The option that stores the loyalty settings (one JSON object). */
export const SETTINGS_OPTION = 'loyalty_settings';

/** The settings: stored values over the defaults, in key order. */
export async function getSettings(options: OptionsStore, db?: DbOrTrx): Promise<LoyaltySettings> {
  const stored = await options.get<Partial<LoyaltySettings>>(SETTINGS_OPTION, {}, db);
  return pickKnown({ ...DEFAULT_SETTINGS, ...stored });
}

/** Applies a schema-validated partial update (unknown keys dropped); cross-field rules give 422, nothing saved. */
export async function updateSettings(
  options: OptionsStore,
  patch: Partial<LoyaltySettings>,
): Promise<LoyaltySettings> {
  const current = await getSettings(options);
  const next = pickKnown({ ...current, ...patch });
  const names = next.tiers_config.map((t) => t.name.trim().toLowerCase());
  if (names.some((n) => n === '')) throw invalid('tiers_config', 'required', 'Every tier needs a name.');
  if (new Set(names).size !== names.length)
    throw invalid('tiers_config', 'distinct', 'Tier names must be unique.');
  next.tiers_config = [...next.tiers_config]
    .map((t) => ({ ...t, name: t.name.trim() }))
    .sort((a, b) => a.threshold - b.threshold);
  await options.set(SETTINGS_OPTION, next);
  return next;
}

function pickKnown(source: Record<string, unknown>): LoyaltySettings {
  const out: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) out[key] = source[key] ?? DEFAULT_SETTINGS[key];
  return out as LoyaltySettings;
}
