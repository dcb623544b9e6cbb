import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new 64-character alphanumeric token (≈ 381 bits) for links and capture ownership. */
export function newLinkToken(length = 64): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely (248 = 4 × 62).
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    if (bytes[i] < 248) out += ALPHABET[bytes[i] % 62];
  }
  return out.length === length ? out : newLinkToken(length);
}

/** SHA-256 hex of a token: the only form stored. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
