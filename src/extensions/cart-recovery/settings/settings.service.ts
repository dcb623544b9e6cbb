import type { DbOrTrx } from '../../../platform/db/database.js';
import { ValidationError } from '../../../platform/http/errors.js';
import type { OptionsStore } from '../../../platform/options/options.js';
import { usesPlaceholder } from '../sequence/email-template.js';
import type { Campaign, CampaignPatch, Settings, SettingsPatch } from './settings.schemas.js';
import { readCampaign, readSettings, writeCampaign, writeSettings } from './settings.store.js';

// Links every step's body must keep: shoppers must be able to come back and to stop the e-mails.
const REQUIRED_LINKS = [
  ['restore_url', 'restore'],
  ['unsubscribe_url', 'unsubscribe'],
] as const;

/** Reads and updates the settings and the campaign record, validating every writer the same way. */
export class SettingsService {
  constructor(private readonly options: OptionsStore) {}

  /** The full settings record (stored values over defaults; option reads are cached by the platform). */
  async get(db?: DbOrTrx): Promise<Settings> {
    return readSettings(this.options, db);
  }

  /** Applies a validated partial update; returns the full record. */
  async update(patch: SettingsPatch): Promise<Settings> {
    const next: Settings = { ...(await readSettings(this.options)), ...patch };
    if (next.coupon_type === 'percent' && next.coupon_amount > 100) {
      throw new ValidationError({
        coupon_amount: { max: 'A percent coupon may not exceed 100.' },
      });
    }
    await writeSettings(this.options, next);
    return next;
  }

  /** The campaign record (stored over defaults). */
  async campaign(db?: DbOrTrx): Promise<Campaign> {
    return readCampaign(this.options, db);
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
    await writeCampaign(this.options, next);
    return next;
  }
}
