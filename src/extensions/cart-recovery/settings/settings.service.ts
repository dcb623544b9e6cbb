import type { DbOrTrx } from '../../../platform/db/database.js';
import { ValidationError } from '../../../platform/http/errors.js';
import type { OptionsStore } from '../../../platform/options/options.js';
import { usesPlaceholder } from '../sequence/email-template.js';
import {
  type Campaign,
  type CampaignPatch,
  DEFAULT_CAMPAIGN,
  DEFAULT_SETTINGS,
  type Settings,
  type SettingsPatch,
} from './settings.schemas.js';

// Links every step's body must keep: shoppers must be able to come back and to stop the e-mails.
const REQUIRED_LINKS = [
  ['restore_url', 'restore'],
  ['unsubscribe_url', 'unsubscribe'],
] as const;
const SETTINGS_OPTION = 'cartrecovery_settings';
const CAMPAIGN_OPTION = 'cartrecovery_campaign_settings';

/** Reads and writes `cartrecovery_settings` and the campaign record, validating every writer the same way. */
export class SettingsService {
  constructor(private readonly options: OptionsStore) {}

  /** The full settings record (stored values over defaults; option reads are cached by the platform). */
  async get(db?: DbOrTrx): Promise<Settings> {
    const stored = await this.options.get<Partial<Settings>>(SETTINGS_OPTION, {}, db);
    return { ...DEFAULT_SETTINGS, ...stored };
  }

  /** Applies a validated partial update; returns the full record. */
  async update(patch: SettingsPatch): Promise<Settings> {
    const current = await this.options.get<Partial<Settings>>(SETTINGS_OPTION, {});
    const next: Settings = { ...DEFAULT_SETTINGS, ...current, ...patch };
    if (next.coupon_type === 'percent' && next.coupon_amount > 100) {
      throw new ValidationError({
        coupon_amount: { max: 'A percent coupon may not exceed 100.' },
      });
    }
    await this.options.set(SETTINGS_OPTION, next);
    return next;
  }

  /** The campaign record (stored over defaults). */
  async campaign(db?: DbOrTrx): Promise<Campaign> {
    const stored = await this.options.get<Campaign | null>(CAMPAIGN_OPTION, null, db);
    return stored ?? structuredClone(DEFAULT_CAMPAIGN);
  }

  /** Merges a campaign update (steps by position), checks the steps are strictly ordered, stores it. */
  async updateCampaign(patch: CampaignPatch): Promise<Campaign> {
    const current = await this.campaign();
    const next: Campaign = {
      enabled: patch.enabled ?? current.enabled,
      steps: current.steps.map((step, i) => ({ ...step, ...(patch.steps?.[i] ?? {}) })),
    };
    const errors: Record<string, Record<string, string>> = {};
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
        if (patch.steps?.[i]?.body !== undefined && !usesPlaceholder(step.body, placeholder)) {
          errors[`steps[${i}].body`] = {
            [placeholder]: `Step ${i + 1}'s body must keep the ${what} link ({${placeholder}}).`,
          };
        }
      }
    });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    await this.options.set(CAMPAIGN_OPTION, next);
    return next;
  }
}
