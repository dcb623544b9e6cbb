import type { Clock } from '../../../platform/clock.js';
import type { HttpClient, OutboundResponse } from '../../../platform/http-client/http-client.js';
import { PlatformError, secondsUntilQuotaReset } from './platform-error.js';

/** How a call authenticates: an API key (`key=`) or an OAuth access token (`Authorization: Bearer`). */
export type PlatformCredentials = { kind: 'key'; apiKey: string } | { kind: 'bearer'; accessToken: string };

/** Channel metadata as Storeside shows it. */
export interface ChannelInfo {
  channel_id: string;
  title: string;
  description: string;
  thumbnails: { default: string; medium: string; high: string };
  uploads_playlist_id: string | null;
}

/** One upload from the uploads playlist. */
export interface PlaylistVideo {
  id: string;
  title: string;
  description: string;
  thumbnail_url: string;
  /** ISO 8601 from the platform. */
  published_at: string;
}

/** Duration and views of a video (`videos.list`). */
export interface VideoStats {
  duration: string;
  duration_seconds: number;
  view_count: number;
}

/** Units each YouTube Data API v3 method costs. */
export const QUOTA_COST = { channels: 1, playlistItems: 1, videos: 1 } as const;

/**
 * Client of the YouTube Data API v3 (`channels.list`, `playlistItems.list`, `videos.list`) through ctx.http
 * (base URL `VIDEOS_API_BASE_URL`). Google's error bodies become PlatformErrors; `onUnits` hears every charged call.
 */
export class YouTubeClient {
  constructor(
    private readonly http: HttpClient,
    private readonly clock: Clock,
    private readonly options: { timeoutMs?: number; onUnits?: (units: number) => void } = {},
  ) {}

  /** `channels.list` by id, or `mine=true` (OAuth: the channel the token belongs to). */
  async channel(input: {
    credentials: PlatformCredentials;
    channelId: string | null;
    withUploads?: boolean;
  }): Promise<ChannelInfo> {
    const mine = input.credentials.kind === 'bearer' && !input.channelId;
    const body = await this.get('channels', input.credentials, {
      part: input.withUploads ? 'snippet,contentDetails' : 'snippet',
      ...(mine ? { mine: 'true' } : { id: input.channelId ?? '' }),
    });
    const item = asArray(body.items)[0];
    if (!item) throw new PlatformError('not_found', 'No channel matches this id.', 'channelNotFound');
    const snippet = asRecord(item.snippet);
    const thumbnails = asRecord(snippet.thumbnails);
    const related = asRecord(asRecord(item.contentDetails).relatedPlaylists);
    return {
      channel_id: String(item.id ?? ''),
      title: String(snippet.title ?? ''),
      description: String(snippet.description ?? ''),
      thumbnails: {
        default: thumbUrl(thumbnails, ['default']),
        medium: thumbUrl(thumbnails, ['medium', 'default']),
        high: thumbUrl(thumbnails, ['high', 'medium', 'default']),
      },
      uploads_playlist_id: typeof related.uploads === 'string' ? related.uploads : null,
    };
  }

  /** One page (≤ 50) of a playlist's items. */
  async playlistPage(input: {
    credentials: PlatformCredentials;
    playlistId: string;
    pageToken: string | null;
  }): Promise<{ videos: PlaylistVideo[]; nextPageToken: string | null; total: number }> {
    const body = await this.get('playlistItems', input.credentials, {
      part: 'snippet,contentDetails',
      playlistId: input.playlistId,
      maxResults: '50',
      ...(input.pageToken ? { pageToken: input.pageToken } : {}),
    });
    const videos: PlaylistVideo[] = [];
    for (const item of asArray(body.items)) {
      const snippet = asRecord(item.snippet);
      const details = asRecord(item.contentDetails);
      const id = String(details.videoId ?? asRecord(snippet.resourceId).videoId ?? '');
      if (!id) continue;
      videos.push({
        id,
        title: String(snippet.title ?? ''),
        description: String(snippet.description ?? ''),
        thumbnail_url: thumbUrl(asRecord(snippet.thumbnails), [
          'maxres',
          'standard',
          'high',
          'medium',
          'default',
        ]),
        published_at: String(details.videoPublishedAt ?? snippet.publishedAt ?? ''),
      });
    }
    return {
      videos,
      nextPageToken: typeof body.nextPageToken === 'string' ? body.nextPageToken : null,
      total: Number(asRecord(body.pageInfo).totalResults ?? videos.length),
    };
  }

  /** `videos.list` for up to 50 ids: duration and view count of each found video. */
  async videoStats(input: {
    credentials: PlatformCredentials;
    ids: string[];
  }): Promise<Map<string, VideoStats>> {
    const stats = new Map<string, VideoStats>();
    if (input.ids.length === 0) return stats;
    const body = await this.get('videos', input.credentials, {
      part: 'contentDetails,statistics',
      id: input.ids.join(','),
      maxResults: '50',
    });
    for (const item of asArray(body.items)) {
      const duration = String(asRecord(item.contentDetails).duration ?? 'PT0S');
      stats.set(String(item.id), {
        duration,
        duration_seconds: parseIsoDuration(duration),
        view_count: Number(asRecord(item.statistics).viewCount ?? 0) || 0,
      });
    }
    return stats;
  }

  private async get(
    resource: keyof typeof QUOTA_COST,
    credentials: PlatformCredentials,
    query: Record<string, string>,
  ): Promise<Record<string, unknown>> {
    let response: OutboundResponse;
    try {
      response = await this.http.request({
        service: 'VIDEOS_API_BASE_URL',
        path: `/${resource}`,
        query: credentials.kind === 'key' ? { ...query, key: credentials.apiKey } : query,
        headers: credentials.kind === 'bearer' ? { authorization: `Bearer ${credentials.accessToken}` } : {},
        timeoutMs: this.options.timeoutMs ?? 10_000,
        retries: 2,
        maxBytes: 2 * 1024 * 1024,
      });
    } catch (error) {
      throw new PlatformError('upstream', (error as Error).message, 'network');
    }
    if (response.status === 200 && response.json && typeof response.json === 'object') {
      this.options.onUnits?.(QUOTA_COST[resource]);
      return response.json as Record<string, unknown>;
    }
    if (response.status < 500 && response.status !== 200) this.options.onUnits?.(QUOTA_COST[resource]);
    throw this.failure(response);
  }

  private failure(response: OutboundResponse): PlatformError {
    const error = asRecord(asRecord(response.json).error);
    const first = asArray(error.errors)[0] ?? {};
    const detailReasons = asArray(error.details).map((d) => String(d.reason ?? ''));
    const reason = String(first.reason ?? (detailReasons[0] || error.status || `http_${response.status}`));
    const message = String(error.message ?? `HTTP ${response.status}`);
    const status = response.status;
    if (!response.json || status >= 500) return new PlatformError('upstream', message, reason);
    if (QUOTA_REASONS.has(reason) || status === 429) {
      const header = Number(response.headers.get('retry-after'));
      const retry =
        header > 0
          ? header
          : reason === 'quotaExceeded' || reason === 'dailyLimitExceeded'
            ? secondsUntilQuotaReset(this.clock.now())
            : 60;
      return new PlatformError('quota', message, reason, retry);
    }
    if (
      status === 401 ||
      CREDENTIAL_REASONS.has(reason) ||
      detailReasons.some((r) => r.startsWith('API_KEY'))
    )
      return new PlatformError('credentials', message, reason);
    if (status === 404 || NOT_FOUND_REASONS.has(reason))
      return new PlatformError('not_found', message, reason);
    return new PlatformError('upstream', message, reason);
  }
}

const QUOTA_REASONS = new Set([
  'quotaExceeded',
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'dailyLimitExceeded',
]);
const CREDENTIAL_REASONS = new Set([
  'keyInvalid',
  'keyExpired',
  'authError',
  'forbidden',
  'accessNotConfigured',
  'ipRefererBlocked',
  'insufficientPermissions',
  'required',
]);
const NOT_FOUND_REASONS = new Set([
  'channelNotFound',
  'playlistNotFound',
  'channelClosed',
  'channelSuspended',
]);

/** Seconds in an ISO 8601 duration such as `PT1H4M13S` or `P1DT2H` (0 when unreadable). */
export function parseIsoDuration(value: string): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value);
  if (!match) return 0;
  const [, d, h, m, s] = match;
  return Number(d ?? 0) * 86_400 + Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
}

function thumbUrl(thumbnails: Record<string, unknown>, order: string[]): string {
  for (const name of order) {
    const url = asRecord(thumbnails[name]).url;
    if (typeof url === 'string') return url;
  }
  return '';
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function asArray(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.map(asRecord) : [];
}
