import type { Static } from '@sinclair/typebox';
import { escapeHtml } from '../../platform/http/html.js';
import { toIsoNoZone } from '../../platform/db/sql-helpers.js';
import type { MediaRow } from './media.repository.js';
import type { MediaResponse, MediaSize } from './media.schemas.js';

/** Where stored files are served, under the site's URL (WordPress's uploads folder). */
export const UPLOADS_PATH = '/wp-content/uploads';

/** A generated size as stored in `shop_media.sizes`. */
export interface StoredSize {
  file: string;
  width: number;
  height: number;
  filesize: number;
}

/** An attachment in WordPress's `wp/v2/media` shape; `sizes` also holds `full` (the cleaned original). */
export function mediaView(row: MediaRow, publicUrl: string): Static<typeof MediaResponse> {
  const sizes = mediaSizes(row, publicUrl);
  const date = toIsoNoZone(row.date_created)!;
  const modified = toIsoNoZone(row.date_modified)!;
  return {
    id: row.id,
    date,
    date_gmt: date,
    modified,
    modified_gmt: modified,
    slug: row.slug,
    status: 'inherit',
    type: 'attachment',
    author: row.author,
    title: { rendered: escapeHtml(row.title) },
    caption: { rendered: row.caption ? `<p>${escapeHtml(row.caption)}</p>\n` : '' },
    alt_text: row.alt_text,
    media_type: row.mime_type.startsWith('image/') ? 'image' : 'file',
    mime_type: row.mime_type,
    media_details: {
      width: row.width,
      height: row.height,
      file: row.file,
      filesize: row.filesize,
      sizes,
    },
    source_url: sizes.full!.source_url,
  };
}

/** Every size of an attachment with its URL, `full` last (WordPress's order). */
export function mediaSizes(row: MediaRow, publicUrl: string): Record<string, Static<typeof MediaSize>> {
  const folder = row.file.includes('/') ? row.file.slice(0, row.file.lastIndexOf('/') + 1) : '';
  const stored = JSON.parse(row.sizes) as Record<string, StoredSize>;
  const out: Record<string, Static<typeof MediaSize>> = {};
  const full: StoredSize = {
    file: row.file.slice(folder.length),
    width: row.width,
    height: row.height,
    filesize: row.filesize,
  };
  for (const [name, size] of [...Object.entries(stored), ['full', full] as const])
    out[name] = {
      file: size.file,
      width: size.width,
      height: size.height,
      filesize: size.filesize,
      mime_type: row.mime_type,
      source_url: `${publicUrl}${UPLOADS_PATH}/${folder}${size.file}`,
    };
  return out;
}

/** A `srcset` of every size that keeps the original's shape (cropped squares would distort a wide image). */
export function mediaSrcset(row: MediaRow, publicUrl: string): string {
  const ratio = row.width / row.height;
  const candidates = Object.values(mediaSizes(row, publicUrl))
    .filter((s) => Math.abs(s.width / s.height - ratio) < 0.02)
    .sort((a, b) => a.width - b.width)
    .map((s) => `${s.source_url} ${s.width}w`);
  return [...new Set(candidates)].join(', ');
}
