import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, sharedPart, splicedBody } from './spliced-body.js';

describe('splicedBody', () => {
  it('should hold the parts concatenated, and a gzip form that decodes to the same bytes', () => {
    const shared = sharedPart(`<tr data-x="1">Ünïcödé 😀 ${'row '.repeat(5000)}</tr>`);
    const body = splicedBody(['{"html":"<style>', shared, '","css":"a{b:c}"}']);
    expect(body.bytes.toString()).toBe(
      `{"html":"<style><tr data-x="1">Ünïcödé 😀 ${'row '.repeat(5000)}</tr>","css":"a{b:c}"}`,
    );
    const gzip = body.compress!();
    expect(gunzipSync(gzip).equals(body.bytes)).toBe(true);
    expect(gzip.length).toBeLessThan(body.bytes.length / 10);
  });

  it('should deflate a shared part once for every body it is in', () => {
    const shared = sharedPart('x'.repeat(10_000));
    const first = splicedBody(['a', shared, 'b']).compress!();
    const deflated = shared.deflated;
    const second = splicedBody(['c', shared, 'd', shared]).compress!();
    expect(shared.deflated).toBe(deflated);
    expect(gunzipSync(first).toString()).toBe(`a${'x'.repeat(10_000)}b`);
    expect(gunzipSync(second).toString()).toBe(`c${'x'.repeat(10_000)}d${'x'.repeat(10_000)}`);
  });

  it('should splice empty parts and incompressible bytes', () => {
    const noise = { bytes: randomBytes(70_000) };
    const body = splicedBody(['', noise, '']);
    expect(gunzipSync(body.compress!()).equals(noise.bytes)).toBe(true);
    expect(gunzipSync(splicedBody(['']).compress!()).length).toBe(0);
  });
});

describe('crc32Combine', () => {
  it("should equal the CRC-32 of the concatenation (zlib's crc32_combine)", () => {
    for (const [a, b] of [
      [0, 0],
      [0, 1],
      [5, 0],
      [1, 7],
      [1000, 65_537],
      [3, 300_001],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect(crc32Combine(crc32(first), crc32(second), b)).toBe(crc32(Buffer.concat([first, second])));
    }
  });
});
