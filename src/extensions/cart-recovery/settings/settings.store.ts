import type { DbOrTrx } from '../../../platform/db/database.js';
import type { OptionsStore } from '../../../platform/options/options.js';
import { DEFAULT_CAMPAIGN, DEFAULT_SETTINGS } from './settings.defaults.js';
import type { Campaign, Settings } from './settings.schemas.js';

/** Option holding the settings record (partial; merged over the defaults when read). */
const SETTINGS_OPTION = 'cartrecovery_settings';
/** Option holding the whole campaign record (the default campaign until one is saved). */
const CAMPAIGN_OPTION = 'cartrecovery_campaign_settings';

/** The full settings record: stored values over the defaults (option reads are cached by the platform). */
export async function readSettings(options: OptionsStore, db?: DbOrTrx): Promise<Settings> {
  const stored = await options.get<Partial<Settings>>(SETTINGS_OPTION, {}, db);
  return { ...DEFAULT_SETTINGS, ...stored };
}

/** Stores the full settings record. */
export async function writeSettings(options: OptionsStore, settings: Settings): Promise<void> {
  await options.set(SETTINGS_OPTION, settings);
}

/** The campaign record (stored over defaults). */
export async function readCampaign(options: OptionsStore, db?: DbOrTrx): Promise<Campaign> {
  const stored = await options.get<Campaign | null>(CAMPAIGN_OPTION, null, db);
  return stored ?? structuredClone(DEFAULT_CAMPAIGN);
}

/** Stores the whole campaign record. */
export async function writeCampaign(options: OptionsStore, campaign: Campaign): Promise<void> {
  await options.set(CAMPAIGN_OPTION, campaign);
}
