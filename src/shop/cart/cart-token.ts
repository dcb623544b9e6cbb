import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../platform/security/hashing.js';

/** Lifetime of a Cart-Token (WooCommerce's session expiration: 48 hours). */
export const CART_TOKEN_TTL_SECONDS = 48 * 60 * 60;
const ISSUER = 'wc/store/v1';
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** Why a Cart-Token was refused. */
export type CartTokenProblem = 'malformed' | 'signature' | 'expired';

/** Signs and checks Store API Cart-Tokens: WooCommerce's JWT (HS256, `{user_id, exp, iss, iat}`). */
export class CartTokens {
  private readonly key: string;

  constructor(secret: string) {
    // Derived, so a Cart-Token never reveals anything about keys used elsewhere.
    this.key = createHmac('sha256', secret).update('storeside cart-token').digest('hex');
  }

  /** A token for the cart session `sessionId`, valid 48 hours from `now`. */
  sign(sessionId: string, now: Date): string {
    const iat = Math.floor(now.getTime() / 1000);
    const payload = base64url(
      JSON.stringify({ user_id: sessionId, exp: iat + CART_TOKEN_TTL_SECONDS, iss: ISSUER, iat }),
    );
    return `${HEADER}.${payload}.${this.signature(`${HEADER}.${payload}`)}`;
  }

  /** The session id a token carries, or why it is refused (alg, typ, iss, signature and exp are checked). */
  verify(token: string, now: Date): { sessionId: string } | { problem: CartTokenProblem } {
    const parts = token.split('.');
    if (parts.length !== 3) return { problem: 'malformed' };
    const [header, payload, signature] = parts as [string, string, string];
    if (!safeEqual(signature, this.signature(`${header}.${payload}`))) return { problem: 'signature' };
    const head = parseJson(header);
    const body = parseJson(payload);
    if (head?.alg !== 'HS256' || head?.typ !== 'JWT' || body?.iss !== ISSUER) return { problem: 'malformed' };
    if (typeof body.user_id !== 'string' || !isGuestSessionId(body.user_id)) return { problem: 'malformed' };
    if (typeof body.exp !== 'number' || body.exp * 1000 <= now.getTime()) return { problem: 'expired' };
    return { sessionId: body.user_id };
  }

  private signature(data: string): string {
    return createHmac('sha256', this.key).update(data).digest('base64url');
  }
}

/** A new guest cart session id: `t_` + 30 hex characters (WooCommerce's guest customer id). */
export function newGuestSessionId(): string {
  return `t_${randomBytes(15).toString('hex')}`;
}

/** The cart session id of a user's own cart. */
export function userSessionId(userId: number): string {
  return `u_${userId}`;
}

/** True for a guest session id (`t_` + 30 hex). */
export function isGuestSessionId(id: string): boolean {
  return /^t_[0-9a-f]{30}$/.test(id);
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
