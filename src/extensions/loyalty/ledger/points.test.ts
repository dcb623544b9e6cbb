import { describe, expect, it } from 'vitest';
import { formatPoints, hundredths, minorToPoints, pointsToMinor, wholePoints } from './points.js';

describe('points helpers', () => {
  it('should format hundredths with two decimals', () => {
    expect(formatPoints(15000)).toBe('150.00');
    expect(formatPoints(5)).toBe('0.05');
    expect(formatPoints(-1234)).toBe('-12.34');
  });

  it('should convert between whole points and hundredths', () => {
    expect(hundredths(475)).toBe(47500);
    expect(wholePoints(47599)).toBe(475);
    expect(wholePoints(-250)).toBe(-2);
  });

  it('should value points to the cent and cap money back to whole points', () => {
    expect(pointsToMinor(500, 0.01, 2)).toBe(500);
    expect(pointsToMinor(333, 0.015, 2)).toBe(500);
    expect(minorToPoints(5000, 0.01, 2)).toBe(5000);
    expect(minorToPoints(999, 0.1, 2)).toBe(99);
    expect(minorToPoints(-5, 0.01, 2)).toBe(0);
  });
});
