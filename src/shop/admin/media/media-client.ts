import type { Static } from '@sinclair/typebox';
import { api } from '../../../admin/api.js';
import type { MediaResponse, MediaUpdateBody } from '../../media/media.schemas.js';

/** An attachment as `GET /wp/v2/media` shows it. */
export type MediaItem = Static<typeof MediaResponse>;
/** The fields the library screen changes. */
export type MediaUpdate = Static<typeof MediaUpdateBody>;

/** The media library's REST route. */
export const MEDIA_ROUTE = '/wp/v2/media';
/** The formats the server accepts (it checks the content; this only narrows the file dialog). */
export const ACCEPTED_UPLOADS = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** Uploads one file as WordPress's media modal does: multipart with a `file` part. */
export function uploadMediaFile(file: File): Promise<MediaItem> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api<MediaItem>({ path: MEDIA_ROUTE, method: 'POST', body });
}

/** Changes an attachment's title or alternative text. */
export function updateMediaItem(id: number, data: MediaUpdate): Promise<MediaItem> {
  return api<MediaItem>({ path: `${MEDIA_ROUTE}/${id}`, method: 'POST', data });
}

/** Deletes an attachment and its files (media has no trash). */
export function deleteMediaItem(id: number): Promise<unknown> {
  return api({ path: `${MEDIA_ROUTE}/${id}?force=true`, method: 'DELETE' });
}

/** The URL of the smallest size at least `side` px wide, for a preview. */
export function previewUrl(item: MediaItem, side: number): string {
  const sizes = Object.values(item.media_details.sizes).sort((a, b) => a.width - b.width);
  return (sizes.find((s) => s.width >= side) ?? sizes[sizes.length - 1])?.source_url ?? item.source_url;
}
