import { RestError } from '../../../platform/http/errors.js';

/** Why a call to the video platform (or its OAuth proxy) failed, independent of who asked. */
export type PlatformFailure = 'credentials' | 'quota' | 'not_found' | 'upstream';

/** A failed platform call: its kind, the platform's reason and message, and when to retry (quota). */
export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformFailure,
    message: string,
    readonly reason: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Maps a platform failure to the REST error Storeside answers: credentials given to connect/test → 400
 * `videos_invalid_credentials`; stored credentials rejected later → 409 `videos_reconnect_required`; quota → 429
 * `videos_quota_exceeded` with Retry-After; channel missing → 404; anything else → 502. Never a 401.
 */
export function platformRestError(error: PlatformError, credentials: 'given' | 'stored'): RestError {
  const data = { reason: error.reason, platform_message: error.message };
  switch (error.kind) {
    case 'credentials':
      return credentials === 'given'
        ? new RestError(
            'videos_invalid_credentials',
            'The video platform rejected these credentials.',
            400,
            data,
          )
        : new RestError(
            'videos_reconnect_required',
            'The video platform no longer accepts the stored credentials; reconnect the channel.',
            409,
            data,
          );
    case 'quota': {
      const retry = Math.max(1, Math.ceil(error.retryAfterSeconds ?? 60));
      return new RestError(
        'videos_quota_exceeded',
        'The video platform quota is exhausted; try again later.',
        429,
        { ...data, retry_after: retry },
        { 'Retry-After': String(retry) },
      );
    }
    case 'not_found':
      return new RestError(
        'videos_channel_not_found',
        'The channel was not found on the video platform.',
        404,
        data,
      );
    case 'upstream':
      return new RestError(
        'videos_upstream_error',
        'The video platform did not answer properly; try again later.',
        502,
        data,
      );
  }
}

/** Seconds until the next midnight in Pacific time, when YouTube resets daily quotas. */
export function secondsUntilQuotaReset(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    hour12: false,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  // Some engines print midnight as hour 24.
  const elapsed = (get('hour') % 24) * 3600 + get('minute') * 60 + get('second');
  return Math.max(1, 86_400 - elapsed);
}

/** The quota day (`YYYY-MM-DD` in Pacific time) that `now` belongs to. */
export function quotaDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(now);
}
