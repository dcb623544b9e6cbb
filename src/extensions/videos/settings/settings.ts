import { defineSettings } from '../../../platform/settings/define-settings.js';
import type { VideosLog } from '../common/videos-log.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { VIDEOS_TOPICS } from '../videos.topics.js';
import { DEFAULT_SETTINGS } from './settings.defaults.js';
import { SettingsBody, SettingsReply, SettingsView } from './settings.schemas.js';
import { type SettingsAdminService, settingsChange } from './settings.service.js';
import { type LoadedSettings, SettingsStore, type VideosSettingsChange } from './settings.store.js';

/** What the settings routes use of the videos container. */
interface SettingsServices {
  admin: SettingsAdminService;
  log: VideosLog;
}

/**
 * The videos settings: one `videos_<key>` option each, secrets encrypted and masked (`""`, `<key>_set`,
 * `<key>_hint`), add-on keys from `videos.settings_saveable_keys`. `GET|POST /videos/v1/settings` (a changed
 * credential re-tests the connection) and `DELETE /videos/v1/settings/delete-all-data`.
 */
export const VIDEOS_SETTINGS = defineSettings<
  LoadedSettings,
  LoadedSettings,
  VideosSettingsChange,
  SettingsStore,
  SettingsServices
>({
  option: 'videos_',
  topic: VIDEOS_TOPICS.settings,
  schema: SettingsView,
  defaults: () => ({ settings: { ...DEFAULT_SETTINGS }, extras: {}, accessToken: null }),
  storage: (ctx) => new SettingsStore(ctx),
  read: (stored, defaults) => stored ?? defaults(),
  change: (body, _current, { storage }) => settingsChange(body, storage),
  merge: ({ current, change }) => ({
    ...current,
    settings: { ...current.settings, ...change.patch },
    extras: { ...current.extras, ...change.extras },
  }),
  view: (settings, { storage }) => storage.view(settings),
  routes: {
    path: '/videos/v1/settings',
    auth: ADMIN_POLICY,
    tags: ['videos'],
    summary: { read: 'All settings (secrets masked)', update: 'Update settings' },
    body: SettingsBody,
    updateResponse: SettingsReply,
    reply: ({ admin }, update) => admin.saved(update),
    reset: {
      method: 'DELETE',
      path: '/delete-all-data',
      summary: 'Wipe all video data and restore defaults',
      response: SettingsReply,
      alongside: ({ admin }, trx) => admin.wipe(trx),
      reply: ({ admin }, _wiped, view) => admin.wiped(view),
    },
  },
});
