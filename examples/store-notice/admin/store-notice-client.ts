import { api } from '../../../src/admin/api.js';
import type { NoticeSettings } from '../settings/settings.schemas.js';

/** The store notice's settings. */
export function fetchSettings(): Promise<NoticeSettings> {
  return api({ path: '/storenotice/v1/settings' });
}

/** Saves some settings; resolves with them all. */
export function saveSettings(patch: Partial<NoticeSettings>): Promise<NoticeSettings> {
  return api({ path: '/storenotice/v1/settings', method: 'POST', data: patch });
}
