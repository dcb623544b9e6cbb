import type { Static } from '@sinclair/typebox';
import { api, withQuery } from '../../../admin/api.js';
import { boot } from '../../../admin/boot.js';
import type {
  BulkAssignReply,
  ChannelReply,
  LicenseReply,
  ProductsReply,
  SyncReply,
  SyncStatusReply,
  VideoOrderReply,
  VideosReply,
} from '../videos.schemas.js';
import type { SettingsReply, SettingsView } from '../settings/settings.schemas.js';

/** The settings object (secrets masked). */
export type VideoSettings = Static<typeof SettingsView>;
/** One video of the library listing. */
export type LibraryVideo = Static<typeof VideosReply>['videos'][number];
/** One product with its assigned videos. */
export type VideoProduct = Static<typeof ProductsReply>['products'][number];
/** The sync state. */
export type SyncStatus = Static<typeof SyncStatusReply>;
/** Credentials as the connect and test routes take them. */
export type Credentials =
  | { connection_method: 'api'; api_key: string; channel_id: string }
  | { connection_method: 'oauth'; refresh_token: string };

/** The library's five sorts, with their labels. */
export const LIBRARY_SORT_LABELS = [
  ['date_desc', 'Newest first'],
  ['date_asc', 'Oldest first'],
  ['title_asc', 'Title A–Z'],
  ['title_desc', 'Title Z–A'],
  ['view_count', 'Most viewed'],
] as const;

/** The videos namespace (a change reloads every read under it). */
export const VIDEOS_NS = '/videos/v1';

/** The settings. */
export function fetchSettings(): Promise<VideoSettings> {
  return api({ path: `${VIDEOS_NS}/settings` });
}

/**
 * The settings a form starts from: the settings route, read apart from the library screen's cached copy so the
 * form always starts from a fresh read.
 */
export const SETTINGS_FORM_SOURCE = [`${VIDEOS_NS}/settings`, 'form'] as const;

/** Saves the given settings; answers the saved object (and a connection error when a credential re-test failed). */
export function saveSettings(changes: Record<string, unknown>): Promise<Static<typeof SettingsReply>> {
  return api({ path: `${VIDEOS_NS}/settings`, method: 'POST', data: changes });
}

/** Tests credentials without saving them. */
export function testConnection(credentials: Credentials): Promise<Static<typeof ChannelReply>> {
  return api({ path: `${VIDEOS_NS}/videoplatform/test-connection`, method: 'POST', data: credentials });
}

/** Saves credentials and connects the channel. */
export function connect(credentials: Credentials): Promise<Static<typeof SettingsReply>> {
  return api({ path: `${VIDEOS_NS}/auth/connect`, method: 'POST', data: credentials });
}

/** Clears the connection (credentials are kept). */
export function disconnect(): Promise<Static<typeof SettingsReply>> {
  return api({ path: `${VIDEOS_NS}/videoplatform/disconnect`, method: 'DELETE' });
}

/** Where "Sign in with Google" goes: the OAuth proxy, through the route that signs the state (nonce in the URL). */
export function oauthConnectLink(): string {
  return withQuery(`${boot.root}videos/v1/videoplatform/oauth-connect`, { _wpnonce: boot.nonce });
}

/** Syncs the whole library now (resolves when the sync is done). */
export function syncLibrary(): Promise<Static<typeof SyncReply>> {
  return api({ path: `${VIDEOS_NS}/videoplatform/sync-library` });
}

/** Where the sync state and progress, the library size and today's quota are read (never calls the platform). */
export const SYNC_STATUS_PATH = `${VIDEOS_NS}/videoplatform/sync-library-status`;

/** One page (50) of the library, searched and sorted over all of it. */
export function fetchVideos(query: {
  search?: string;
  sort?: string;
  page_token?: string | null;
}): Promise<Static<typeof VideosReply>> {
  return api({ path: videosPath(query) });
}

/** The path of the library listing (the first page unless `page_token` is given). */
export function videosPath(query: { search?: string; sort?: string; page_token?: string | null }): string {
  return withQuery(`${VIDEOS_NS}/videoplatform/videos`, query);
}

/** The path of one page of published products (by name or SKU) with their videos. */
export function productsPath(query: { search?: string; page?: number }): string {
  return withQuery(`${VIDEOS_NS}/products`, query);
}

/** One page of published products (by name or SKU) with their videos. */
export type ProductsPage = Static<typeof ProductsReply>;

/** Adds videos (in the given order, after those already assigned) to products, or removes them. */
export function assignVideos(
  productIds: number[],
  videoIds: string[],
  action: 'assign' | 'remove' = 'assign',
): Promise<Static<typeof BulkAssignReply>> {
  return api({
    path: `${VIDEOS_NS}/products/bulk-assign`,
    method: 'POST',
    data: { product_ids: productIds, video_ids: videoIds, action },
  });
}

/** Stores a product's gallery order. */
export function saveVideoOrder(
  productId: number,
  videoIds: string[],
): Promise<Static<typeof VideoOrderReply>> {
  return api({
    path: `${VIDEOS_NS}/products/video-order`,
    method: 'POST',
    data: { product_id: productId, video_order: videoIds },
  });
}

/** Wipes every video setting, assignment and the library. */
export function deleteAllData(): Promise<Static<typeof SettingsReply>> {
  return api({ path: `${VIDEOS_NS}/settings/delete-all-data`, method: 'DELETE' });
}

/** Deletes the log files. */
export function clearLogs(): Promise<{ success: boolean; message: string }> {
  return api({ path: `${VIDEOS_NS}/logs`, method: 'DELETE' });
}

/** Activates the add-on license. */
export function activateLicense(licenseKey: string): Promise<Static<typeof LicenseReply>> {
  return api({ path: '/videos-pro/v1/license/activate', method: 'POST', data: { license_key: licenseKey } });
}

/** Forgets the license on this site. */
export function deactivateLicense(): Promise<Static<typeof LicenseReply>> {
  return api({ path: '/videos-pro/v1/license/deactivate', method: 'POST' });
}

/** `PT4M13S` seconds as `4:13` (hours when there are some). */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A Unix time in seconds as a local date and time, or "Never". */
export function formatSyncTime(unixSeconds: number): string {
  return unixSeconds > 0 ? new Date(unixSeconds * 1000).toLocaleString() : 'Never';
}
