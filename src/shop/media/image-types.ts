/** An image format the media library accepts, as its content shows it. */
export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif';
  /** The extension stored files get. */
  extension: string;
  /** Every extension a file of this type may be named with. */
  extensions: readonly string[];
}

const TYPES: readonly ImageType[] = [
  { mime: 'image/jpeg', extension: 'jpg', extensions: ['jpg', 'jpeg', 'jpe'] },
  { mime: 'image/png', extension: 'png', extensions: ['png'] },
  { mime: 'image/webp', extension: 'webp', extensions: ['webp'] },
  { mime: 'image/gif', extension: 'gif', extensions: ['gif'] },
  { mime: 'image/avif', extension: 'avif', extensions: ['avif'] },
];

/** The accepted types' MIME names, for messages and docs. */
export const ACCEPTED_IMAGE_MIMES = TYPES.map((t) => t.mime);

/**
 * The image type the bytes themselves declare (their magic numbers), whatever the file is called or claims to be;
 * undefined for anything else (SVG, PDF, HEIC, text …).
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return byMime('image/jpeg');
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return byMime('image/png');
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return byMime('image/gif');
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return byMime('image/webp');
  if (ascii(4, 8) === 'ftyp' && isAvifBrand(bytes)) return byMime('image/avif');
  return undefined;
}

/** The type a file name's extension names; undefined when the extension is none of the accepted ones. */
export function typeOfExtension(filename: string): ImageType | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return TYPES.find((t) => extension !== undefined && t.extensions.includes(extension));
}

/** True when the file looks like SVG (XML text with an `<svg` element), refused with its own message. */
export function looksLikeSvg(bytes: Uint8Array, filename: string): boolean {
  if (/\.svgz?$/i.test(filename)) return true;
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}

function byMime(mime: ImageType['mime']): ImageType {
  return TYPES.find((t) => t.mime === mime)!;
}

// An ISO-BMFF box `ftyp`: major brand at 8..12, compatible brands from 16 to the box's end.
function isAvifBrand(bytes: Uint8Array): boolean {
  const size = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0));
  const brands: string[] = [];
  for (let at = 8; at + 4 <= size; at += at === 8 ? 8 : 4)
    brands.push(Buffer.from(bytes.subarray(at, at + 4)).toString('latin1'));
  return brands.some((b) => b === 'avif' || b === 'avis');
}
