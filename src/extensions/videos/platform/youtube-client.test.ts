import { describe, expect, it } from 'vitest';
import { parseIsoDuration } from './youtube-client.js';
import { platformRestError, PlatformError, secondsUntilQuotaReset } from './platform-error.js';

describe('parseIsoDuration', () => {
  it('should read YouTube durations', () => {
    expect([
      parseIsoDuration('PT4M13S'),
      parseIsoDuration('PT1H'),
      parseIsoDuration('P1DT2S'),
      parseIsoDuration('x'),
    ]).toEqual([253, 3600, 86_402, 0]);
  });
});

describe('platformRestError', () => {
  it('should never answer 401 and tell given from stored credentials', () => {
    const credentials = new PlatformError('credentials', 'bad', 'authError');
    expect(platformRestError(credentials, 'given').status).toBe(400);
    expect(platformRestError(credentials, 'stored').status).toBe(409);
    const quota = platformRestError(new PlatformError('quota', 'q', 'quotaExceeded', 120), 'stored');
    expect([quota.status, quota.headers['Retry-After']]).toEqual([429, '120']);
    expect(platformRestError(new PlatformError('not_found', 'n', 'x'), 'given').status).toBe(404);
    expect(platformRestError(new PlatformError('upstream', 'u', 'x'), 'given').status).toBe(502);
  });

  it('should count quota reset seconds to the next Pacific midnight', () => {
    expect(secondsUntilQuotaReset(new Date('2026-01-15T08:00:00Z'))).toBe(86_400); // 00:00 PST
    expect(secondsUntilQuotaReset(new Date('2026-01-15T07:59:00Z'))).toBe(60);
  });
});
