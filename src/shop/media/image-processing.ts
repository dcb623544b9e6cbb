import sharp, { type Sharp } from 'sharp';
import { RestError } from '../../platform/http/errors.js';
import { BIG_IMAGE_THRESHOLD, IMAGE_SIZES, sizedDimensions } from './image-sizes.js';
import type { ImageType } from './image-types.js';

/** One encoded file of an upload: the cleaned original (`full`) or one of its sizes. */
export interface EncodedImage {
  size: string;
  width: number;
  height: number;
  bytes: Buffer;
}

// Bigger images (a decompression bomb among them) are refused before they are decoded whole.
const MAX_INPUT_PIXELS = 50_000_000;
const QUALITY = 82; // WordPress's default for JPEG and WebP

/**
 * Re-encodes an upload in its own format — turned upright by its EXIF orientation, stripped of every metadata
 * block (EXIF, XMP, IPTC, comments), at most `BIG_IMAGE_THRESHOLD` px on a side — and makes each of
 * `IMAGE_SIZES` from it (an animated GIF's sizes show its first frame). 400 `rest_upload_invalid_image` when the
 * content does not decode as the type its magic number claimed.
 */
export async function encodeImageSizes(bytes: Buffer, type: ImageType): Promise<EncodedImage[]> {
  try {
    const format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
    if (!formatMatches(format, type)) throw new Error(`decodes as ${format}`);
    const animated = type.mime === 'image/gif' || type.mime === 'image/webp';
    const full = await encode(
      open(bytes, animated).resize({
        width: BIG_IMAGE_THRESHOLD,
        height: BIG_IMAGE_THRESHOLD,
        fit: 'inside',
        withoutEnlargement: true,
      }),
      type,
      'full',
    );
    const out = [full];
    for (const size of IMAGE_SIZES) {
      const target = sizedDimensions(size, full.width, full.height);
      if (!target) continue;
      const resized = open(full.bytes, false).resize({
        ...target,
        fit: size.crop ? 'cover' : 'inside',
        withoutEnlargement: true,
      });
      out.push(await encode(resized, type, size.name));
    }
    return out;
  } catch (error) {
    if (error instanceof RestError) throw error;
    throw new RestError(
      'rest_upload_invalid_image',
      'The file could not be read as an image (damaged, not what its content claims, or over 50 megapixels).',
      400,
      {
        params: { file: 'The file is not a readable image.' },
        errors: { file: { image: 'The file is not a readable image.' } },
      },
    );
  }
}

function open(bytes: Buffer, animated: boolean): Sharp {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated }).rotate();
}

async function encode(image: Sharp, type: ImageType, size: string): Promise<EncodedImage> {
  const encoded =
    type.mime === 'image/jpeg'
      ? image.jpeg({ quality: QUALITY, mozjpeg: true })
      : type.mime === 'image/png'
        ? image.png()
        : type.mime === 'image/webp'
          ? image.webp({ quality: QUALITY })
          : type.mime === 'image/gif'
            ? image.gif()
            : image.avif();
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  // An animated image's height is that of all its frames stacked; one frame's is what a page shows.
  const height = info.pageHeight ?? info.height;
  return { size, width: info.width, height, bytes: data };
}

function formatMatches(format: string | undefined, type: ImageType): boolean {
  if (type.mime === 'image/avif') return format === 'heif' || format === 'avif';
  return format === type.extension || (type.mime === 'image/jpeg' && format === 'jpeg');
}
