import { describe, expect, it } from 'vitest';
import { CliUsageError } from './cli-command.js';
import { integerOption } from './cli-options.js';

describe('integerOption', () => {
  const rule = { default: 50, min: 1, max: 1000 };

  it('should answer the default when the option is absent and the number when it is decimal digits in range', () => {
    expect(integerOption({}, 'limit', rule)).toBe(50);
    expect(integerOption({ limit: '1000' }, 'limit', rule)).toBe(1000);
  });

  it('should refuse anything else with a usage error naming the option and its range', () => {
    for (const value of ['0', '1001', 'abc', '', '1e3', '0x10', '-5', '2.5', ' 7', true]) {
      expect(() => integerOption({ limit: value }, 'limit', rule), String(value)).toThrow(
        new CliUsageError('--limit must be a whole number from 1 to 1000'),
      );
    }
  });
});
