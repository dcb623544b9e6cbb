import { type Static, Type } from '@sinclair/typebox';

/** The store notice's settings, as `GET /storenotice/v1/settings` answers them. */
export const NoticeSettingsSchema = Type.Object({
  enabled: Type.Boolean(),
  /** The text shown at the top of every storefront page. */
  message: Type.String({ maxLength: 200 }),
  /** The last day the notice shows (`YYYY-MM-DD`); the daily job switches it off after that day. */
  ends_on: Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Type.Null()]),
});

/** The store notice's settings. */
export type NoticeSettings = Static<typeof NoticeSettingsSchema>;

/** What the settings start as. */
export const DEFAULT_SETTINGS: NoticeSettings = { enabled: false, message: '', ends_on: null };
