import type { VideosSettings } from './settings.schemas.js';

/** Defaults (reference §4; the unused `video_placement` and `global_*` keys are dropped). */
export const DEFAULT_SETTINGS: VideosSettings = {
  connection_method: 'oauth',
  api_key: '',
  channel_id: '',
  refresh_token: '',
  channel_name: '',
  thumbnails_default: '',
  thumbnails_medium: '',
  connection_status: 'inactive',
  cache_duration: 12,
  auto_sync: true,
  last_sync_time: 0,
  video_position: 'first',
  max_videos: 0,
  autoplay_first: false,
  muted_autoplay: false,
  show_controls: true,
  show_duration: true,
  privacy_mode: false,
  is_onboarding_completed: false,
  advanced_deleteAllOnUninstall: false,
  debug_enableMode: false,
  license_key: '',
  license_status: 'inactive',
  license_expires_at: '',
};

/** Settings kept encrypted at rest and shown only as `""` + `<key>_set` + `<key>_hint`. */
export const SECRET_KEYS = ['api_key', 'refresh_token', 'license_key'] as const;
/** One of the encrypted settings. */
export type SecretKey = (typeof SECRET_KEYS)[number];

/** Settings a POST may change (the rest are derived and ignored when sent back). */
export const EDITABLE_KEYS = [
  'connection_method',
  'api_key',
  'channel_id',
  'refresh_token',
  'cache_duration',
  'auto_sync',
  'video_position',
  'max_videos',
  'autoplay_first',
  'muted_autoplay',
  'show_controls',
  'show_duration',
  'privacy_mode',
  'is_onboarding_completed',
  'advanced_deleteAllOnUninstall',
  'debug_enableMode',
] as const;

/** Keys whose change re-tests the connection. */
export const CREDENTIAL_KEYS = ['connection_method', 'api_key', 'channel_id', 'refresh_token'] as const;

/** Keys shown by GET /settings that a POST ignores (derived, secrets handled elsewhere, masks). */
export const READ_ONLY_KEYS = new Set<string>([
  'channel_name',
  'thumbnails_default',
  'thumbnails_medium',
  'connection_status',
  'last_sync_time',
  'token_expires',
  'license_key',
  'license_status',
  'license_expires_at',
  'access_token',
  ...['api_key', 'refresh_token', 'license_key', 'access_token'].flatMap((k) => [`${k}_set`, `${k}_hint`]),
]);
