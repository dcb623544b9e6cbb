import { describe, expect, it } from 'vitest';
import { CartTokens, isGuestSessionId, newGuestSessionId } from './cart-token.js';

const tokens = new CartTokens('a-secret-that-is-long-enough-for-tests-0123');
const now = new Date('2026-01-01T00:00:00Z');

describe('CartTokens', () => {
  it('should sign a WooCommerce-style JWT that verifies back to its session', () => {
    const id = newGuestSessionId();
    expect(isGuestSessionId(id)).toBe(true);
    const token = tokens.sign(id, now);
    expect(tokens.verify(token, now)).toEqual({ sessionId: id });
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload).toEqual({ user_id: id, exp: 1767225600 + 172800, iss: 'wc/store/v1', iat: 1767225600 });
  });

  it('should refuse expired, re-signed with another secret, and malformed tokens', () => {
    const token = tokens.sign(newGuestSessionId(), now);
    expect(tokens.verify(token, new Date(now.getTime() + 172800_000))).toEqual({ problem: 'expired' });
    const other = new CartTokens('another-secret-that-is-long-enough-0123456');
    expect(other.verify(token, now)).toEqual({ problem: 'signature' });
    expect(tokens.verify('a.b', now)).toEqual({ problem: 'malformed' });
  });
});
