import type { TSchema } from '@sinclair/typebox';
import type { LicenseStatus } from '../../platform/license/license-client.js';

/** Connection states (reference §1). */
export type ConnectionStatus = 'inactive' | 'connected' | 'disconnected' | 'failed';

/** Every built-in setting, decrypted (the service's view; never sent whole). */
export interface VideosSettings {
  connection_method: 'oauth' | 'api';
  api_key: string;
  channel_id: string;
  refresh_token: string;
  channel_name: string;
  thumbnails_default: string;
  thumbnails_medium: string;
  connection_status: ConnectionStatus;
  cache_duration: number;
  auto_sync: boolean;
  /** Unix seconds of the last successful sync (0 = never). */
  last_sync_time: number;
  video_position: 'first' | 'last';
  max_videos: number;
  autoplay_first: boolean;
  muted_autoplay: boolean;
  show_controls: boolean;
  show_duration: boolean;
  privacy_mode: boolean;
  is_onboarding_completed: boolean;
  advanced_deleteAllOnUninstall: boolean;
  debug_enableMode: boolean;
  license_key: string;
  license_status: LicenseStatus;
  /** `YYYY-MM-DD HH:MM:SS` from the license server, '' when unknown or lifetime. */
  license_expires_at: string;
}

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

/** A saveable key an add-on registers (the contract's `videos_settings_saveable_keys` filter). */
export interface SaveableKeySpec {
  /** TypeBox schema a new value must satisfy. */
  schema: TSchema;
  /** Value shown until one is saved (and after delete-all-data). */
  default: unknown;
  /** Encrypt at rest and mask like the built-in secrets. */
  secret?: boolean;
}

/** Option name of a setting. */
export function optionName(key: string): string {
  return `videos_${key}`;
}
