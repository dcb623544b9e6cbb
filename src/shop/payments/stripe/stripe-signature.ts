import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed webhook may be (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * True when `header` (`t=<unix>,v1=<hex>[,v1=…]`) signs `payload` with `secret`: one of its v1 signatures equals
 * HMAC-SHA256 of `t.payload` (compared in constant time) and `t` is within the tolerance of `nowSeconds`.
 */
export function verifyStripeSignature(input: {
  header: string;
  payload: string;
  secret: string;
  nowSeconds: number;
}): boolean {
  const parts = input.header.split(',').map((p) => p.trim().split('='));
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(input.nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    return false;
  const expected = createHmac('sha256', input.secret).update(`${timestamp}.${input.payload}`).digest();
  return parts
    .filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), expected));
}
