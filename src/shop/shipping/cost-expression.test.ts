import { describe, expect, it } from 'vitest';
import { costToMinor, evaluateCost } from './cost-expression.js';

describe('evaluateCost', () => {
  const vars = { qty: 3, cost: 45.5 };

  it('should evaluate arithmetic with [qty] and [cost] without eval', () => {
    expect(evaluateCost('5.00 + 2 * [qty]', vars)).toBe(11);
    expect(evaluateCost('([cost] - 5.5) / 4', vars)).toBe(10);
    expect(evaluateCost('-1 + 3', vars)).toBe(2);
    expect(evaluateCost('', vars)).toBe(0);
  });

  it('should apply [fee] with its percent and bounds', () => {
    expect(evaluateCost('[fee percent="10"]', vars)).toBeCloseTo(4.55);
    expect(evaluateCost('[fee percent="10" min_fee="5"]', vars)).toBe(5);
    expect(evaluateCost("2 + [fee percent='10' max_fee='3']", vars)).toBe(5);
  });

  it('should refuse anything that is not an expression', () => {
    for (const bad of [
      'process.exit()',
      '1 +',
      '2 ** 3',
      '[weight]',
      '1 / 0',
      '(1',
      'alert(1)',
      '[fee percent="x"]',
    ])
      expect(evaluateCost(bad, vars), bad).toBeNull();
  });

  it('should round a major-unit cost to minor units half up', () => {
    expect(costToMinor(4.55, 2)).toBe(455);
    expect(costToMinor(0.1 + 0.2, 2)).toBe(30);
    expect(costToMinor(1.005, 2)).toBe(101);
  });
});
