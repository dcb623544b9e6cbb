import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { EncodedBody } from './encoded-body.js';

/** A body part shared by many bodies: encoded once, its deflated form and checksum made once on demand. */
export interface SharedPart {
  bytes: Buffer;
  deflated?: Buffer;
  crc?: number;
}

// gzip member header (RFC 1952): deflate, no flags, no mtime, OS = Unix (as node:zlib writes it).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
// An empty final deflate block: ends a stream whose segments all ended with a full flush.
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/** Wraps text as a shared part. */
export function sharedPart(text: string): SharedPart {
  return { bytes: Buffer.from(text) };
}

/**
 * A body made of parts (text, or shared parts reused across bodies). Its gzip form is spliced from parts deflated
 * on their own (a shared part once, whatever the bodies it is in), each ended by a full flush so the segments
 * concatenate into one valid stream: a body that shares a large part costs the compression of its own small parts.
 * The text parts' boundaries must not split a surrogate pair.
 */
export function splicedBody(parts: Array<string | SharedPart>): EncodedBody {
  const all = parts.map((p) => (typeof p === 'string' ? sharedPart(p) : p));
  let bytes: Buffer | undefined;
  return {
    // Concatenated only for a client that takes no gzip.
    get bytes() {
      bytes ??= Buffer.concat(all.map((p) => p.bytes));
      return bytes;
    },
    compress: () => gzipSpliced(all),
  };
}

function gzipSpliced(parts: SharedPart[]): Buffer {
  const segments: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    part.deflated ??= deflate(part.bytes);
    part.crc ??= crc32(part.bytes);
    segments.push(part.deflated);
    crc = crc32Combine(crc, part.crc, part.bytes.length);
    length += part.bytes.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  segments.push(FINAL_BLOCK, trailer);
  return Buffer.concat(segments);
}

// Level 6 with a window no larger than the part (zlib's state for a small part costs more than compressing it).
function deflate(bytes: Buffer): Buffer {
  const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(bytes.length + 1))));
  return deflateRawSync(bytes, {
    level: 6,
    windowBits,
    memLevel: windowBits - 7,
    finishFlush: constants.Z_FULL_FLUSH,
  });
}

const POLY = 0xedb88320;
// x^(2^n) modulo the CRC-32 polynomial, n = 0..31 (zlib's x2n_table).
const X2N: number[] = [];
for (let n = 0, p = 1 << 30; n < 32; n++, p = multModP(p, p)) X2N.push(p);

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length (zlib's `crc32_combine`). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  let p = 1 << 31; // x^0
  // x^(8 · lengthB) mod P, from the table of x^(2^k) (bytes are 2^3 bits).
  for (let n = lengthB, k = 3; n > 0; n = Math.floor(n / 2), k++)
    if (n % 2 === 1) p = multModP(X2N[k % 32]!, p);
  return (multModP(p, crcA >>> 0) ^ (crcB >>> 0)) >>> 0;
}

// a · b modulo P, in the bit-reflected representation CRC-32 uses.
function multModP(a: number, b: number): number {
  let m = 1 << 31;
  let p = 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
