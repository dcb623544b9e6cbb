import * as crypto from 'node:crypto';
import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** Hashes a user password with scrypt: `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Checks a password against a stored scrypt hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** SHA-256 hex of a high-entropy token (session, application password, capture token). */
export function hashToken(token: string): string {
  return sha256Hex(token);
}

// One-shot `crypto.hash` (Node ≥ 20.12 / 21.7) skips the Hash object createHash().update().digest() builds.
const oneShotHash = typeof crypto.hash === 'function' ? crypto.hash : undefined;

/** SHA-256 hex of a string (UTF-8). */
export function sha256Hex(text: string): string {
  return oneShotHash ? oneShotHash('sha256', text, 'hex') : createHash('sha256').update(text).digest('hex');
}

/** A new random token: 32 bytes as hex. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}

/** HMAC-SHA256 hex of `data` under `key`. */
export function hmacHex(key: string, data: string): string {
  return createHmac('sha256', key).update(data).digest('hex');
}

/** Constant-time string equality (no allocation for short strings: nonces are compared on every request). */
export function safeEqual(a: string, b: string): boolean {
  if (a.length === b.length && a.length <= 64) {
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
    return diff === 0;
  }
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
