import { randomFillSync } from 'node:crypto';
import { sha256Hex } from '../../../platform/security/hashing.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Random bytes are drawn from the CSPRNG 4 kB at a time (as Node's randomUUID does): one call per
// token cost more than building it. Each byte is used once.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++]!;
}

/** A new 64-character alphanumeric token (≈ 381 bits) for links and capture ownership. */
export function newLinkToken(length = 64): string {
  let out = '';
  // Rejection sampling keeps every character equally likely (248 = 4 × 62).
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

const SORTED_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A new 24-character alphanumeric public session id: 8 characters of the time (ms, base 62 in byte
 * order) then 16 random ones (≈ 95 bits). New ids land at the end of the unique index instead of on a
 * random page, so a capture writes fewer index pages. It proves nothing (the capture token does).
 */
export function newSessionPublicId(now: Date): string {
  let time = '';
  for (let n = Math.max(0, Math.floor(now.getTime())), i = 0; i < 8; i++, n = Math.floor(n / 62)) {
    time = SORTED_ALPHABET[n % 62] + time;
  }
  return time + newLinkToken(16);
}

/** SHA-256 hex of a token: the only form stored. */
export function hashLinkToken(token: string): string {
  return sha256Hex(token);
}
