import type { DbOrTrx } from '../../platform/db/database.js';
import type { FieldErrors } from '../../platform/http/errors.js';
import { findMediaByIds } from '../media/media.repository.js';
import { mediaSizes, mediaSrcset } from '../media/media-view.js';

/** An image given by a client: a media library id (`{id}`), or a URL (`{src}`, kept as it is). */
export interface ImageInput {
  id?: number;
  src?: string;
  alt?: string;
  name?: string;
}

/** A product image as stored: a media item's carries its name, `srcset` and thumbnail URL from the library. */
export interface StoredImage {
  id: number;
  src: string;
  alt: string;
  name?: string;
  srcset?: string;
  thumbnail?: string;
}

/**
 * The images to store, as WooCommerce reads `images: [{id}|{src}]`: an `id` of the media library takes that
 * image (its URL, title, alt text unless `alt` is sent, and its sizes); a `src` alone is kept as a URL, with an id
 * derived from it (such URLs are not downloaded: outbound requests go only to configured services). An `id` that is
 * no media item without a `src`, or an image with neither, is refused under `field`.
 */
export async function resolveImages(
  db: DbOrTrx,
  images: readonly ImageInput[],
  input: { field: string; publicUrl: string; errors: FieldErrors },
): Promise<StoredImage[]> {
  const ids = images.flatMap((i) => (i.id ? [i.id] : []));
  const media = new Map((await findMediaByIds(db, [...new Set(ids)])).map((m) => [m.id, m]));
  const out: StoredImage[] = [];
  const unknown: number[] = [];
  for (const image of images) {
    const item = image.id ? media.get(image.id) : undefined;
    if (item) {
      const sizes = mediaSizes(item, input.publicUrl);
      out.push({
        id: item.id,
        src: sizes.full!.source_url,
        alt: image.alt ?? item.alt_text,
        name: item.title,
        srcset: mediaSrcset(item, input.publicUrl),
        thumbnail: (sizes.woocommerce_thumbnail ?? sizes.full)!.source_url,
      });
    } else if (image.src)
      out.push({ id: image.id ?? imageIdOfUrl(image.src), src: image.src, alt: image.alt ?? '' });
    else if (image.id) unknown.push(image.id);
    else input.errors[input.field] = { required: 'An image needs the `id` of a media item or a `src` URL.' };
  }
  if (unknown.length > 0)
    input.errors[input.field] = {
      exists: `#${unknown.join(', #')} is not an image ID of the media library.`,
    };
  return out;
}

// An image given only by URL gets a stable number derived from it as its id.
function imageIdOfUrl(src: string): number {
  let hash = 0;
  for (const ch of src) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  return hash >>> 1 || 1;
}
