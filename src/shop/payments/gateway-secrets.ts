import type { SecretBox } from '../../platform/security/secret-box.js';

const SEALED = 'sealed:';

/** Seals a secret setting for storage (`''` stays empty: nothing to hide). */
export function sealSetting(box: SecretBox, plain: string): string {
  return plain === '' ? '' : `${SEALED}${box.encrypt(plain)}`;
}

/** Opens a stored secret setting ('' when it cannot be opened: another key, or tampered with). */
export function openSetting(box: SecretBox, stored: string): string {
  if (!stored.startsWith(SEALED)) return stored;
  try {
    return box.decrypt(stored.slice(SEALED.length));
  } catch {
    return '';
  }
}

/**
 * A secret as answers show it: its kind prefix (`sk_test_`, `whsec_`) and last four characters, the rest starred,
 * the way WooCommerce shows truncated keys; '' stays ''.
 */
export function maskSecret(plain: string): string {
  if (plain === '') return '';
  const prefix = /^[a-z]+_(?:(?:test|live)_)?/.exec(plain)?.[0] ?? '';
  const rest = plain.slice(prefix.length);
  if (rest.length <= 8) return `${prefix}${'*'.repeat(8)}`;
  return `${prefix}${'*'.repeat(rest.length - 4)}${rest.slice(-4)}`;
}
