import { api } from '../../../src/admin/api.js';
import type { NoticeSettings } from '../settings/settings.schemas.js';

/** Where the store notice's settings are read and saved. */
export const SETTINGS_PATH = '/storenotice/v1/settings';

/** Saves some settings; resolves with them all. */
export function saveSettings(patch: Partial<NoticeSettings>): Promise<NoticeSettings> {
  return api({ path: SETTINGS_PATH, method: 'POST', data: patch });
}
