import type { PlatformContext } from '../../../platform/context.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import type { FieldErrors } from '../../../platform/http/errors.js';
import { defineSettings } from '../../../platform/settings/define-settings.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { LOYALTY_TOPICS } from '../loyalty.topics.js';
import { DEFAULT_SETTINGS } from './settings.defaults.js';
import { type LoyaltySettings, SettingsPatchSchema, SettingsSchema } from './settings.schemas.js';

/**
 * The loyalty settings (`loyalty_settings`): `GET` and `POST /loyalty/v1/settings`, a partial update whose unknown
 * keys are ignored; tier names must be present and distinct, and tiers are kept sorted by threshold.
 */
export const LOYALTY_SETTINGS = defineSettings<LoyaltySettings>({
  option: 'loyalty_settings',
  topic: LOYALTY_TOPICS.settings,
  schema: SettingsSchema,
  defaults: () => structuredClone(DEFAULT_SETTINGS),
  normalise: (next) => ({
    ...next,
    tiers_config: next.tiers_config
      .map((tier) => ({ ...tier, name: tier.name.trim() }))
      .sort((a, b) => a.threshold - b.threshold),
  }),
  validate({ next }): FieldErrors | undefined {
    const names = next.tiers_config.map((tier) => tier.name.toLowerCase());
    if (names.includes('')) return { tiers_config: { required: 'Every tier needs a name.' } };
    if (new Set(names).size !== names.length)
      return { tiers_config: { distinct: 'Tier names must be unique.' } };
    return undefined;
  },
  routes: {
    path: '/loyalty/v1/settings',
    auth: ADMIN_POLICY,
    tags: ['loyalty'],
    summary: {
      read: 'The loyalty settings.',
      update: 'Changes some settings (partial object; unknown keys ignored); returns them all.',
    },
    body: SettingsPatchSchema,
  },
});

/** The loyalty settings now; pass `db` to read inside a transaction. */
export function readSettings(ctx: PlatformContext, db?: DbOrTrx): Promise<LoyaltySettings> {
  return ctx.settings.of(LOYALTY_SETTINGS).get(db);
}
