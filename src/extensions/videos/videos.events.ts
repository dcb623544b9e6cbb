import type { SaveableKeySpec } from './settings/settings.schemas.js';

declare module '../../platform/events/event-bus.js' {
  interface StoresideEvents {
    /** Collects extra saveable settings keys from add-ons (the contract's `videos_settings_saveable_keys` filter). */
    'videos.settings_saveable_keys': { add(key: string, spec: SaveableKeySpec): void };
    /** The library was replaced by a successful sync. */
    'videos.library_synced': { video_count: number; quota_units: number };
    /** Every video option, assignment and the library were wiped (delete-all-data) or the channel changed. */
    'videos.data_reset': { reason: 'delete_all_data' | 'channel_changed' };
    /** Video lists of products changed (bulk assign/remove or a new order). */
    'videos.assignments_changed': { product_ids: number[]; action: 'assign' | 'remove' | 'order' };
  }
}
