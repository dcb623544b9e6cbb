import { type TSchema, Type } from '@sinclair/typebox';
import type { LicenseStatus } from '../../../platform/license/license-client.js';

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

/** A saveable key an add-on registers (the contract's `videos_settings_saveable_keys` filter). */
export interface SaveableKeySpec {
  /** TypeBox schema a new value must satisfy. */
  schema: TSchema;
  /** Value shown until one is saved (and after delete-all-data). */
  default: unknown;
  /** Encrypt at rest and mask like the built-in secrets. */
  secret?: boolean;
}

/** The settings object (secrets masked: `""` plus `<key>_set` / `<key>_hint`; add-on keys included). */
export const SettingsView = Type.Object(
  {
    connection_method: Type.String(),
    api_key: Type.Literal(''),
    api_key_set: Type.Boolean(),
    api_key_hint: Type.String(),
    channel_id: Type.String(),
    refresh_token: Type.Literal(''),
    refresh_token_set: Type.Boolean(),
    refresh_token_hint: Type.String(),
    access_token: Type.Literal(''),
    access_token_set: Type.Boolean(),
    access_token_hint: Type.String(),
    token_expires: Type.Integer(),
    channel_name: Type.String(),
    thumbnails_default: Type.String(),
    thumbnails_medium: Type.String(),
    connection_status: Type.String(),
    cache_duration: Type.Integer(),
    auto_sync: Type.Boolean(),
    last_sync_time: Type.Integer(),
    video_position: Type.String(),
    max_videos: Type.Integer(),
    autoplay_first: Type.Boolean(),
    muted_autoplay: Type.Boolean(),
    show_controls: Type.Boolean(),
    show_duration: Type.Boolean(),
    privacy_mode: Type.Boolean(),
    is_onboarding_completed: Type.Boolean(),
    advanced_deleteAllOnUninstall: Type.Boolean(),
    debug_enableMode: Type.Boolean(),
    license_key: Type.Literal(''),
    license_key_set: Type.Boolean(),
    license_key_hint: Type.String(),
    license_status: Type.String(),
    license_expires_at: Type.String(),
  },
  { additionalProperties: true },
);

/** `{success, message, data: settings}` replies. */
export const SettingsReply = Type.Object(
  { success: Type.Boolean(), message: Type.String(), data: SettingsView },
  { additionalProperties: true },
);

// A type list (not anyOf) so Ajv's type coercion leaves both null and "" as sent.
function NullableSecret(maxLength: number) {
  return Type.Unsafe<string | null>({
    type: ['string', 'null'],
    maxLength,
    description: '"" or omitted keeps the stored value; null clears it.',
  });
}

/** Body of POST /settings: any saveable key (ranges and enums checked before any write). */
export const SettingsBody = Type.Object(
  {
    connection_method: Type.Optional(Type.Union([Type.Literal('oauth'), Type.Literal('api')])),
    api_key: Type.Optional(NullableSecret(200)),
    channel_id: Type.Optional(Type.String({ pattern: '^(UC[A-Za-z0-9_-]{22})?$' })),
    refresh_token: Type.Optional(NullableSecret(2000)),
    cache_duration: Type.Optional(Type.Integer({ minimum: 1, maximum: 168, description: 'Hours, 1–168.' })),
    auto_sync: Type.Optional(Type.Boolean()),
    video_position: Type.Optional(
      Type.Union([Type.Literal('first'), Type.Literal('last'), Type.Literal('mixed')]),
    ),
    max_videos: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, description: '0 = all.' })),
    autoplay_first: Type.Optional(Type.Boolean()),
    muted_autoplay: Type.Optional(Type.Boolean()),
    show_controls: Type.Optional(Type.Boolean()),
    show_duration: Type.Optional(Type.Boolean()),
    privacy_mode: Type.Optional(Type.Boolean()),
    is_onboarding_completed: Type.Optional(Type.Boolean()),
    advanced_deleteAllOnUninstall: Type.Optional(Type.Boolean()),
    debug_enableMode: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
