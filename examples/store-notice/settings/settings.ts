import { defineSettings } from '../../../src/platform/settings/define-settings.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { STORE_NOTICE_TOPICS } from '../store-notice.topics.js';
import { DEFAULT_SETTINGS, type NoticeSettings, NoticeSettingsSchema } from './settings.schemas.js';

/** The store notice's settings (option `store_notice_settings`): `GET` and `POST /storenotice/v1/settings`. */
export const NOTICE_SETTINGS = defineSettings<NoticeSettings>({
  option: 'store_notice_settings',
  topic: STORE_NOTICE_TOPICS.settings,
  schema: NoticeSettingsSchema,
  defaults: () => ({ ...DEFAULT_SETTINGS }),
  routes: {
    path: '/storenotice/v1/settings',
    auth: ADMIN_POLICY,
    tags: ['store-notice'],
    summary: { read: 'The store notice settings.', update: 'Changes some settings; returns them all.' },
  },
});
