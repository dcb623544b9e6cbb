import { describe, expect, it } from 'vitest';
import { readRestoreReport, restoredCheckoutUrl } from './restore-report.js';

const SECRET = 'test-secret';
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('restore reports in the checkout URL', () => {
  it('should carry the lists signed and read them back', () => {
    const report = { unavailable: [7, 7, 9], limited: [], repriced: [3] };
    const url = restoredCheckoutUrl('https://shop.example/checkout/', SECRET, report);
    expect(url).toMatch(
      /^https:\/\/shop\.example\/checkout\/\?cartrecovery_restored=1&cartrecovery_unavailable=7%2C9&/,
    );
    expect(readRestoreReport(queryOf(url), SECRET)).toEqual({
      unavailable: [7, 9],
      limited: [],
      repriced: [3],
    });
  });

  it('should add only the flag when nothing changed', () => {
    const url = restoredCheckoutUrl('http://shop.test/checkout', SECRET, {
      unavailable: [],
      limited: [],
      repriced: [],
    });
    expect(url).toBe('http://shop.test/checkout?cartrecovery_restored=1');
    expect(readRestoreReport(queryOf(url), SECRET)).toEqual({ unavailable: [], limited: [], repriced: [] });
  });

  it('should drop lists whose signature does not match, and read nothing without the flag', () => {
    const url = restoredCheckoutUrl('http://shop.test/checkout', SECRET, {
      unavailable: [5],
      limited: [],
      repriced: [],
    });
    const query = queryOf(url);
    expect(readRestoreReport({ ...query, cartrecovery_unavailable: '6' }, SECRET)).toEqual({
      unavailable: [],
      limited: [],
      repriced: [],
    });
    expect(readRestoreReport(query, 'another-secret')!.unavailable).toEqual([]);
    expect(readRestoreReport({ cartrecovery_unavailable: '5' }, SECRET)).toBeNull();
    expect(readRestoreReport({ ...query, cartrecovery_restored: ['1', '1'] }, SECRET)).toBeNull();
  });
});
