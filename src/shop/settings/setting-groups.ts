import { emailSettingGroups } from '../emails/email-settings.js';
import { ACCOUNT_SETTINGS } from '../privacy/privacy-settings.js';
import { GENERAL_SETTINGS } from './general-settings.js';
import type { SettingGroup } from './setting-definitions.js';

/** The settings groups `/wc/v3/settings` lists, in WooCommerce's tab order; add a group's fields in its own file. */
export const SETTING_GROUPS: readonly SettingGroup[] = [
  { id: 'general', label: 'General', description: '', settings: GENERAL_SETTINGS },
  // The Tax tab's fields and routes belong to the tax calculation (src/shop/tax/tax-settings.ts).
  { id: 'tax', label: 'Tax', description: '', settings: [] },
  { id: 'account', label: 'Accounts & Privacy', description: '', settings: ACCOUNT_SETTINGS },
  // The Emails tab and one sub-group per e-mail (`email_new_order` …): src/shop/emails/email-settings.ts.
  ...emailSettingGroups(),
];

/** A group by id; undefined when there is none. */
export function findSettingGroup(id: string): SettingGroup | undefined {
  return SETTING_GROUPS.find((g) => g.id === id);
}
