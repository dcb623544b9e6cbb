import { hmacHex, safeEqual } from '../../../platform/security/hashing.js';

/** Name of the cookie that carries a referral code from `?ref=CODE` to registration. */
export const REFERRAL_COOKIE = 'storeside_ref';
const CODE = /^[A-Z0-9]{4,16}$/;

/** The signed cookie value for `code`, valid until `expiresAt`: `CODE-<unix seconds>-<hmac>` (the shop accepts `[A-Za-z0-9_-]` only). */
export function signReferralCookie(code: string, expiresAt: Date, secret: string): string {
  const payload = `${code}-${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}-${signature(payload, secret)}`;
}

/**
 * The referral code carried by a registration: a signed cookie value (checked: signature and expiry)
 * or a plain code typed or linked at registration. Null when absent, forged or expired.
 */
export function referralCodeFrom(value: string | null | undefined, secret: string, now: Date): string | null {
  if (!value) return null;
  const plain = value.trim().toUpperCase();
  if (CODE.test(plain)) return plain;
  const [code, expires, mac] = value.split('-');
  if (!code || !expires || !mac || !CODE.test(code)) return null;
  if (!safeEqual(mac, signature(`${code}-${expires}`, secret))) return null;
  return Number(expires) * 1000 > now.getTime() ? code : null;
}

/** True when `code` has the shape of a referral code. */
export function isReferralCode(code: string): boolean {
  return CODE.test(code);
}

function signature(payload: string, secret: string): string {
  return hmacHex(`loyalty-referral:${secret}`, payload).slice(0, 32);
}
