import { invalid } from '../../../platform/http/errors.js';
import type { OptionsStore } from '../../../platform/options/options.js';
import { pickKnown } from './settings.defaults.js';
import type { LoyaltySettings } from './settings.schemas.js';
import { readSettings, writeSettings } from './settings.store.js';

/** Applies a schema-validated partial update (unknown keys dropped); cross-field rules give 422, nothing saved. */
export async function updateSettings(
  options: OptionsStore,
  patch: Partial<LoyaltySettings>,
): Promise<LoyaltySettings> {
  const current = await readSettings(options);
  const next = pickKnown({ ...current, ...patch });
  const names = next.tiers_config.map((t) => t.name.trim().toLowerCase());
  if (names.some((n) => n === '')) throw invalid('tiers_config', 'required', 'Every tier needs a name.');
  if (new Set(names).size !== names.length)
    throw invalid('tiers_config', 'distinct', 'Tier names must be unique.');
  next.tiers_config = [...next.tiers_config]
    .map((t) => ({ ...t, name: t.name.trim() }))
    .sort((a, b) => a.threshold - b.threshold);
  await writeSettings(options, next);
  return next;
}
