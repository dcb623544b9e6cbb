import type { FieldErrors } from '../../../platform/http/errors.js';
import { defineSettings } from '../../../platform/settings/define-settings.js';
import { authorizeGateKeys } from '../agent/agent-permissions.js';
import { CART_RECOVERY_TOPICS } from '../cart-recovery.topics.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { usesPlaceholder } from '../sequence/email-template.js';
import { DEFAULT_CAMPAIGN, DEFAULT_SETTINGS } from './settings.defaults.js';
import {
  type Campaign,
  type CampaignPatch,
  CampaignPatchSchema,
  CampaignSchema,
  type Settings,
  SettingsPatchSchema,
  SettingsSchema,
} from './settings.schemas.js';

// Links every step's body must keep: shoppers must be able to come back and to stop the e-mails.
const REQUIRED_LINKS = [
  ['restore_url', 'restore'],
  ['unsubscribe_url', 'unsubscribe'],
] as const;

/**
 * The `cartrecovery_settings` record: `GET|POST /cartrecovery/v1/settings` (`manage_shop`; an update naming an
 * agent gate also needs `cartrecovery_agent_manage_access`); a percent coupon may not exceed 100.
 */
export const CART_RECOVERY_SETTINGS = defineSettings<Settings>({
  option: 'cartrecovery_settings',
  topic: CART_RECOVERY_TOPICS.settings,
  schema: SettingsSchema,
  defaults: () => ({ ...DEFAULT_SETTINGS }),
  validate: ({ next }): FieldErrors | undefined =>
    next.coupon_type === 'percent' && next.coupon_amount > 100
      ? { coupon_amount: { max: 'A percent coupon may not exceed 100.' } }
      : undefined,
  routes: {
    path: '/cartrecovery/v1/settings',
    auth: ADMIN_POLICY,
    tags: ['cartrecovery'],
    summary: {
      read: 'The whole cartrecovery_settings record.',
      update:
        'Update some settings (validated; the agent gates need cartrecovery_agent_manage_access); returns the whole record.',
    },
    body: SettingsPatchSchema,
    authorize: authorizeGateKeys,
  },
});

/**
 * The campaign record (`cartrecovery_campaign_settings`, the default campaign until one is saved):
 * `GET|POST /cartrecovery/v1/campaign`; steps merge by position, their delays strictly increase, and a body this
 * update writes keeps the restore and unsubscribe links.
 */
export const CAMPAIGN_SETTINGS = defineSettings<Campaign, Campaign, CampaignPatch>({
  option: 'cartrecovery_campaign_settings',
  topic: CART_RECOVERY_TOPICS.campaign,
  schema: CampaignSchema,
  defaults: () => structuredClone(DEFAULT_CAMPAIGN),
  read: (stored, defaults) => stored ?? defaults(),
  merge: ({ current, change }) => ({
    enabled: change.enabled ?? current.enabled,
    steps: current.steps.map((step, i) => ({ ...step, ...(change.steps?.[i] ?? {}) })),
  }),
  validate({ next, change }): FieldErrors {
    const errors: FieldErrors = {};
    for (let i = 1; i < next.steps.length; i++) {
      if (next.steps[i].delay_minutes <= next.steps[i - 1].delay_minutes) {
        errors[`steps[${i}].delay_minutes`] = {
          order: `Step ${i + 1} must be sent later than step ${i} (more than ${next.steps[i - 1].delay_minutes} minutes).`,
        };
      }
    }
    // Only bodies this update writes are checked (one stored before the rule still renders both links).
    next.steps.forEach((step, i) => {
      for (const [placeholder, what] of REQUIRED_LINKS) {
        if (change.steps?.[i]?.body !== undefined && !usesPlaceholder(step.body, placeholder)) {
          errors[`steps[${i}].body`] = {
            [placeholder]: `Step ${i + 1}'s body must keep the ${what} link ({${placeholder}}).`,
          };
        }
      }
    });
    return errors;
  },
  routes: {
    path: '/cartrecovery/v1/campaign',
    auth: ADMIN_POLICY,
    tags: ['cartrecovery'],
    summary: {
      read: 'The campaign: enabled flag and three steps.',
      update: 'Update the campaign (steps merged by position, strictly increasing delays).',
    },
    body: CampaignPatchSchema,
  },
});
