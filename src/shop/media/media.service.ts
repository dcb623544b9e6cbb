import { createHash } from 'node:crypto';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import { NotFoundError, RestError } from '../../platform/http/errors.js';
import { uploadLimitKb } from '../../platform/site-settings/upload-limit.js';
import { slugify } from '../catalog/slugs.js';
import type { ShopContext } from '../shop-part.js';
import { type EncodedImage, encodeImageSizes } from './image-processing.js';
import {
  ACCEPTED_IMAGE_MIMES,
  type ImageType,
  looksLikeSvg,
  sniffImageType,
  typeOfExtension,
} from './image-types.js';
import {
  deleteMedia,
  findMedia,
  findMediaFile,
  insertMedia,
  insertMediaFiles,
  listMedia,
  type MediaFileRow,
  type MediaFilter,
  type MediaRow,
  pathTaken,
  slugTaken,
  updateMedia,
} from './media.repository.js';
import type { StoredSize } from './media-view.js';
import { fieldError, type UploadedFile } from './upload-body.js';

/** The text fields of an attachment a client may set. */
export interface MediaTextInput {
  title?: string;
  alt_text?: string;
  caption?: string;
}

/**
 * Stores an uploaded image: refused when over the site's upload limit, SVG, not one of the accepted formats by
 * its content, or named or typed as another format than its content is; otherwise cleaned, resized into every
 * size, and stored with them in one transaction. The new attachment's row.
 */
export async function uploadMedia(
  ctx: ShopContext,
  input: { file: UploadedFile; text: MediaTextInput; authorId: number },
): Promise<MediaRow> {
  const { file } = input;
  const limitKb = await uploadLimitKb(ctx.options);
  if (file.bytes.length > limitKb * 1024)
    throw new RestError(
      'rest_upload_file_too_big',
      `This file is too big. Files must be less than ${limitKb} KB in size.`,
      400,
      fieldError(`The file must be at most ${limitKb} KB.`, 'max'),
    );
  const type = checkedImageType(file);
  const encoded = await encodeImageSizes(file.bytes, type);
  const now = ctx.clock.now();
  const folder = now.toISOString().slice(0, 7).replace('-', '/');
  const base = slugify(file.filename.replace(/\.[^.]*$/, '')).slice(0, 100);
  // The content's hash in every name: a path is never reused for other bytes, so files may be cached forever.
  const hash = createHash('sha256').update(file.bytes).digest('hex').slice(0, 8);
  // Two uploads of one name at the same moment may pick the same free slug or path: the loser tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeImage(ctx, { input, type, encoded, now, folder, base, hash });
    } catch (error) {
      const text = `${(error as { code?: string }).code ?? ''} ${(error as Error).message}`;
      if (attempt >= 5 || !/23505|UNIQUE|unique/.test(text)) throw error;
    }
  }
}

async function storeImage(
  ctx: ShopContext,
  upload: {
    input: { file: UploadedFile; text: MediaTextInput; authorId: number };
    type: ImageType;
    encoded: EncodedImage[];
    now: Date;
    folder: string;
    base: string;
    hash: string;
  },
): Promise<MediaRow> {
  const { input, type, encoded, now, folder, base, hash } = upload;
  const { file } = input;
  return ctx.db.transaction().execute(async (trx) => {
    let stem = `${base}-${hash}`;
    for (let n = 2; await pathTaken(trx, `${folder}/${stem}.${type.extension}`); n++)
      stem = `${base}-${hash}-${n}`;
    let slug = base;
    for (let n = 2; await slugTaken(trx, slug); n++) slug = `${base}-${n}`;
    const full = encoded.find((e) => e.size === 'full')!;
    const sizes: Record<string, StoredSize> = {};
    const files = encoded.map((e) => {
      const name =
        e.size === 'full' ? `${stem}.${type.extension}` : `${stem}-${e.width}x${e.height}.${type.extension}`;
      if (e.size !== 'full')
        sizes[e.size] = { file: name, width: e.width, height: e.height, filesize: e.bytes.length };
      return { path: `${folder}/${name}`, bytes: e.bytes };
    });
    const id = await insertMedia(trx, {
      slug,
      title: (input.text.title ?? file.filename.replace(/\.[^.]*$/, '')).trim().slice(0, 250),
      alt_text: input.text.alt_text ?? '',
      caption: input.text.caption ?? '',
      mime_type: type.mime,
      file: `${folder}/${stem}.${type.extension}`,
      width: full.width,
      height: full.height,
      filesize: full.bytes.length,
      sizes: JSON.stringify(sizes),
      author: input.authorId,
      date_created: toDbTime(now),
      date_modified: toDbTime(now),
    });
    // Sizes of a small image can coincide (a 120×120 image's 100×100 crop serves two sizes): one file per path.
    const unique = new Map(files.map((f) => [f.path, f]));
    await insertMediaFiles(
      trx,
      [...unique.values()].map((f) => ({
        path: f.path,
        media_id: id,
        mime_type: type.mime,
        etag: createHash('sha256').update(f.bytes).digest('hex').slice(0, 32),
        bytes: f.bytes,
      })),
    );
    return (await findMedia(trx, id))!;
  });
}

/** An attachment, or 404 `rest_post_invalid_id` (WordPress's answer for an unknown id). */
export async function requireMedia(ctx: ShopContext, id: number): Promise<MediaRow> {
  const row = await findMedia(ctx.db, id);
  if (!row) throw new NotFoundError('rest_post_invalid_id', 'Invalid post ID.');
  return row;
}

/** A stored file by its path under the uploads folder; undefined when there is none. */
export function readMediaFile(ctx: ShopContext, path: string): Promise<MediaFileRow | undefined> {
  return path.length <= 300 ? findMediaFile(ctx.db, path) : Promise.resolve(undefined);
}

/** A page of the library, newest first. */
export function listMediaPage(
  ctx: ShopContext,
  filter: MediaFilter,
  window: { offset: number; limit: number },
): Promise<{ rows: MediaRow[]; total: number }> {
  return listMedia(ctx.db, filter, window);
}

/** Changes an attachment's title, alternative text or caption; the row after the change. */
export async function changeMedia(ctx: ShopContext, id: number, input: MediaTextInput): Promise<MediaRow> {
  await requireMedia(ctx, id);
  await updateMedia(ctx.db, id, {
    ...(input.title !== undefined ? { title: input.title.trim() } : {}),
    ...(input.alt_text !== undefined ? { alt_text: input.alt_text.trim() } : {}),
    ...(input.caption !== undefined ? { caption: input.caption.trim() } : {}),
    date_modified: toDbTime(ctx.clock.now()),
  });
  return requireMedia(ctx, id);
}

/** Deletes an attachment and its files (their URLs answer 404 from then on); the row as it was. */
export async function removeMedia(ctx: ShopContext, id: number): Promise<MediaRow> {
  const row = await requireMedia(ctx, id);
  await ctx.db.transaction().execute((trx) => deleteMedia(trx, id));
  return row;
}

// The format the content shows, when it is accepted and the file's name and declared type agree with it.
function checkedImageType(file: UploadedFile): ImageType {
  if (looksLikeSvg(file.bytes, file.filename))
    throw invalidType(
      'svg',
      'SVG files are not accepted: they can carry scripts. Upload a PNG or WebP instead.',
    );
  const type = sniffImageType(file.bytes);
  if (!type)
    throw invalidType(
      'image_type',
      `Sorry, you are not allowed to upload this file type: only images (${ACCEPTED_IMAGE_MIMES.join(', ')}) are accepted.`,
    );
  const named = typeOfExtension(file.filename);
  const declared = DECLARED_ALIASES[file.declaredType] ?? file.declaredType;
  if (
    named !== type ||
    (declared !== '' && declared !== 'application/octet-stream' && declared !== type.mime)
  )
    throw invalidType(
      'type_mismatch',
      `The file's content is ${type.mime}, but its name or Content-Type says otherwise; name and type it as what it is.`,
    );
  return type;
}

// Types clients send for JPEG besides the registered one.
const DECLARED_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

function invalidType(rule: string, message: string): RestError {
  return new RestError('rest_upload_invalid_type', message, 400, fieldError(message, rule));
}
