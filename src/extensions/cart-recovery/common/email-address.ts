import { sha256Hex } from '../../../platform/security/hashing.js';

// Local part of printable ASCII without spaces, a dotted domain with a 2+ letter TLD (what is_email accepts, roughly).
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** The address trimmed and lower-cased (how it is compared and hashed). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True for a real-looking address: one @, a dotted domain, ≤ 254 characters, no leading/trailing dot. */
export function isValidEmail(email: string): boolean {
  const value = email.trim();
  if (value.length > 254 || !EMAIL.test(value)) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

/** SHA-256 hex of the normalised address (suppressions and matching never need the address itself). */
export function hashEmail(email: string): string {
  return sha256Hex(normalizeEmail(email));
}

/** `jo***@example.com`: the first two characters of the local part, then the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}
