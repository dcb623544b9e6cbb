import { describe, expect, it } from 'vitest';
import { newLinkToken, newSessionPublicId } from './link-token.js';

describe('newSessionPublicId', () => {
  it('should give 24 alphanumeric characters, unique at the same instant', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const ids = Array.from({ length: 200 }, () => newSessionPublicId(now));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(new Set(ids).size).toBe(200);
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
  });

  it('should sort by creation time in byte order', () => {
    const times = [0, 61, 62, 3_843, 1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000, 62 ** 8 - 1];
    const ids = times.map((ms) => newSessionPublicId(new Date(ms)));
    const sorted = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(sorted).toEqual(ids);
  });
});

describe('newLinkToken', () => {
  it('should give unique alphanumeric tokens of the asked length, across refills of the random pool', () => {
    const tokens = Array.from({ length: 300 }, () => newLinkToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(new Set(tokens).size).toBe(300);
    expect(newLinkToken(16)).toHaveLength(16);
  });

  it('should use every character of the alphabet about equally often', () => {
    const counts = new Map<string, number>();
    for (const c of Array.from({ length: 1000 }, () => newLinkToken()).join('')) {
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    // 64 000 characters: about 1032 each; far outside ±25 % only if the sampling were biased.
    for (const n of counts.values()) expect(Math.abs(n - 64_000 / 62)).toBeLessThan(258);
  });
});
