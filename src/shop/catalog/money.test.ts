import { describe, expect, it } from 'vitest';
import { currencyInfo, formatMoney, parseMoney } from './money.js';

describe('money', () => {
  it('should format minor units with the currency decimals', () => {
    expect(formatMoney(1250, 2)).toBe('12.50');
    expect(formatMoney(5, 2)).toBe('0.05');
    expect(formatMoney(-1999, 2)).toBe('-19.99');
    expect(formatMoney(1200, 0)).toBe('1200');
    expect(formatMoney(1, 3)).toBe('0.001');
  });

  it('should parse decimal strings exactly and refuse what is not a price', () => {
    expect(parseMoney('19.99', 2)).toBe(1999);
    expect(parseMoney('19.9', 2)).toBe(1990);
    expect(parseMoney('19', 2)).toBe(1900);
    expect(parseMoney('0.10', 2)).toBe(10);
    expect(parseMoney('19.990', 2)).toBe(1999);
    expect(parseMoney('19.999', 2)).toBeNull();
    expect(parseMoney('-1', 2)).toBeNull();
    expect(parseMoney('1e3', 2)).toBeNull();
    expect(parseMoney('', 2)).toBeNull();
    expect(parseMoney('500', 0)).toBe(500);
  });

  it('should know decimals and symbols of common currencies', () => {
    expect(currencyInfo('USD')).toEqual({ code: 'USD', minorUnit: 2, symbol: '$' });
    expect(currencyInfo('JPY').minorUnit).toBe(0);
    expect(currencyInfo('KWD').minorUnit).toBe(3);
    expect(currencyInfo('XYZ').symbol).toBe('XYZ');
  });
});
