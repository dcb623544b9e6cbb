import { describe, expect, it } from 'vitest';
import { fromDbTime, toDbTime } from './sql-helpers.js';

describe('toDbTime', () => {
  it('should format every moment of a second, and the next one, in the stored UTC form', () => {
    expect(toDbTime(new Date('2026-11-22T10:00:00.000Z'))).toBe('2026-11-22 10:00:00');
    expect(toDbTime(new Date('2026-11-22T10:00:00.999Z'))).toBe('2026-11-22 10:00:00');
    expect(toDbTime(new Date('2026-11-22T10:00:01.000Z'))).toBe('2026-11-22 10:00:01');
    expect(toDbTime(new Date('2026-11-22T09:59:59.999Z'))).toBe('2026-11-22 09:59:59');
    expect(toDbTime(new Date('2026-11-22T10:00:00.500Z'))).toBe('2026-11-22 10:00:00');
  });

  it('should tell apart seconds before 1970 and round-trip through fromDbTime', () => {
    expect(toDbTime(new Date('1969-12-31T23:59:59.500Z'))).toBe('1969-12-31 23:59:59');
    expect(toDbTime(new Date('1969-12-31T23:59:58.500Z'))).toBe('1969-12-31 23:59:58');
    expect(toDbTime(new Date(0))).toBe('1970-01-01 00:00:00');
    expect(toDbTime(fromDbTime('2030-02-03 04:05:06'))).toBe('2030-02-03 04:05:06');
  });

  it('should refuse an invalid date every time', () => {
    expect(() => toDbTime(new Date('nope'))).toThrow(RangeError);
    expect(() => toDbTime(new Date('nope'))).toThrow(RangeError);
  });
});
