import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { STORESIDE_SECRET: 'config-test-secret-config-test-secret-0123' };

describe('STORESIDE_JOB_STALE_SECONDS', () => {
  it('should default to 300 seconds and take a whole number of seconds', () => {
    expect(loadConfig(base).jobStaleSeconds).toBe(300);
    expect(loadConfig({ ...base, STORESIDE_JOB_STALE_SECONDS: '2' }).jobStaleSeconds).toBe(2);
  });

  it('should refuse zero, fractions and words, naming the variable', () => {
    for (const value of ['0', '1.5', '-3', 'soon']) {
      expect(() => loadConfig({ ...base, STORESIDE_JOB_STALE_SECONDS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, STORESIDE_JOB_STALE_SECONDS: value })).toThrow(
        'STORESIDE_JOB_STALE_SECONDS',
      );
    }
  });
});
