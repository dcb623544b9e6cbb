import { createHash, randomBytes } from 'node:crypto';
import { type FakeRequest, type FakeResponse, parseBody, startFakeServer } from './fake-http-server.js';

/** One video of a fake channel. */
export interface FakeVideo {
  id: string;
  title: string;
  description: string;
  publishedAt: string;
  durationSeconds: number;
  viewCount: number;
}

/** A fake YouTube channel with its uploads (newest first, like the uploads playlist). */
export interface FakeChannel {
  id: string;
  title: string;
  description: string;
  uploadsPlaylistId: string;
  videos: FakeVideo[];
}

/** A failure the fake injects into the next API calls. */
export type InjectedFailure = 'backendError' | 'quotaExceeded' | 'rateLimitExceeded' | 'slow' | 'garbage';

/** Base paths the fake serves under its origin. */
export const YOUTUBE_API_PATH = '/youtube/v3';
/** Path of the fake OAuth proxy (the hosted proxy's `index.php`). */
export const OAUTH_PROXY_PATH = '/oauth/index.php';

const UNIT_COST: Record<string, number> = { channels: 1, playlistItems: 1, videos: 1, search: 100 };
const WORDS = [
  'unboxing',
  'review',
  'tutorial',
  'setup',
  'care',
  'styling',
  'repair',
  'compare',
  'tips',
  'demo',
];

/**
 * A protocol-true fake of the YouTube Data API v3 (`channels`, `playlistItems`, `videos`, `search`) and of
 * the hosted OAuth proxy (`action=connect` consent redirect, `action=refresh` token exchange), over real HTTP.
 * It checks API keys and bearer tokens, counts quota units per project per day (10,000 by default) and answers
 * failures with Google-shaped error bodies (`{error:{code,message,errors:[{reason,domain}],status}}`).
 */
export class FakeYouTube {
  readonly channels = new Map<string, FakeChannel>();
  /** Valid API keys → the Google project their quota is charged to. */
  readonly apiKeys = new Map<string, string>();
  /** Refresh tokens the proxy issued → channel id (revoked ones are deleted). */
  readonly refreshTokens = new Map<string, string>();
  /** Live access tokens → channel id and expiry (ms). */
  readonly accessTokens = new Map<string, { channelId: string; expiresAt: number }>();
  /** Units used today per project (`oauth-proxy` for bearer calls). */
  readonly quotaUsed = new Map<string, number>();
  /** Daily quota of every project. */
  dailyQuota = 10_000;
  /** The channel a user "consents" with on the proxy's connect page. */
  consentChannelId: string | null = null;
  /** Delay of `slow` failures (ms). */
  slowMs = 3_000;
  /** API calls served, by resource (`channels`, `playlistItems` …), for assertions. */
  readonly calls: Array<{ resource: string; query: Record<string, string> }> = [];
  private readonly failures: InjectedFailure[] = [];
  private readonly videoIndex = new Map<string, FakeVideo>();
  private running: { origin: string; close(): Promise<void> } | null = null;

  /** Adds a channel with `videoCount` generated videos (deterministic from the id); returns it. */
  addChannel(input: { id?: string; title?: string; videoCount?: number } = {}): FakeChannel {
    const id = input.id ?? `UC${token(`channel:${this.channels.size}`, 22)}`;
    const count = input.videoCount ?? 10;
    const videos: FakeVideo[] = [];
    const start = Date.UTC(2020, 0, 1);
    for (let i = count - 1; i >= 0; i--) {
      const h = createHash('sha256').update(`${id}:${i}`).digest();
      videos.push({
        id: token(`${id}:video:${i}`, 11),
        title: `${WORDS[h[0]! % WORDS.length]} ${i + 1}: ${WORDS[h[1]! % WORDS.length]} of item ${h.readUInt16BE(2)}`,
        description: `Video ${i + 1} of ${input.title ?? id}.`,
        publishedAt: new Date(start + i * 3_600_000 + (h[4]! % 60) * 1000).toISOString().replace('.000', ''),
        durationSeconds: 15 + (h.readUInt16BE(5) % 3600),
        viewCount: h.readUInt32BE(7) % 5_000_000,
      });
    }
    const channel: FakeChannel = {
      id,
      title: input.title ?? `Channel ${id.slice(2, 8)}`,
      description: `The fake channel ${id}.`,
      uploadsPlaylistId: `UU${id.slice(2)}`,
      videos,
    };
    this.channels.set(id, channel);
    for (const video of videos) this.videoIndex.set(video.id, video);
    this.consentChannelId ??= id;
    return channel;
  }

  /** Issues a valid API key charged to `project`. */
  issueApiKey(project = 'project-1'): string {
    const key = `AIza${randomBytes(18).toString('base64url')}`;
    this.apiKeys.set(key, project);
    return key;
  }

  /** Issues a refresh token for a channel, as the proxy's consent page would. */
  issueRefreshToken(channelId: string): string {
    const refresh = `1//${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.set(refresh, channelId);
    return refresh;
  }

  /** Revokes a refresh token and every access token (the user removed the app's access). */
  revokeRefreshToken(refresh: string): void {
    const channelId = this.refreshTokens.get(refresh);
    this.refreshTokens.delete(refresh);
    for (const [access, grant] of this.accessTokens)
      if (grant.channelId === channelId) this.accessTokens.delete(access);
  }

  /** Makes the next `times` API calls fail with `failure`. */
  inject(failure: InjectedFailure, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push(failure);
  }

  /** Quota units used today by the project of `apiKey` (or by the OAuth proxy's project). */
  unitsUsed(apiKey?: string): number {
    return this.quotaUsed.get(apiKey ? (this.apiKeys.get(apiKey) ?? '') : 'oauth-proxy') ?? 0;
  }

  /** Starts listening; returns the base URLs for VIDEOS_API_BASE_URL and VIDEOS_OAUTH_PROXY_URL. */
  async start(port = 0): Promise<{ apiBaseUrl: string; oauthProxyUrl: string }> {
    this.running = await startFakeServer((request) => this.handle(request), port);
    return {
      apiBaseUrl: `${this.running.origin}${YOUTUBE_API_PATH}`,
      oauthProxyUrl: `${this.running.origin}${OAUTH_PROXY_PATH}`,
    };
  }

  /** Stops listening. */
  async stop(): Promise<void> {
    await this.running?.close();
    this.running = null;
  }

  /** Answers one request. */
  async handle(request: FakeRequest): Promise<FakeResponse | null> {
    if (request.path === OAUTH_PROXY_PATH) return this.proxy(request);
    if (!request.path.startsWith(`${YOUTUBE_API_PATH}/`) || request.method !== 'GET') return null;
    const resource = request.path.slice(YOUTUBE_API_PATH.length + 1);
    if (!(resource in UNIT_COST)) return googleError(404, 'notFound', 'global', 'Not Found', 'NOT_FOUND');
    const failure = this.failures.shift();
    if (failure) {
      const answer = await this.fail(failure);
      if (answer) return answer;
    }
    const auth = this.authenticate(request);
    if ('status' in auth) return auth;
    const used = this.quotaUsed.get(auth.project) ?? 0;
    if (used + UNIT_COST[resource]! > this.dailyQuota) return quotaError();
    this.quotaUsed.set(auth.project, used + UNIT_COST[resource]!);
    const query = Object.fromEntries(request.query);
    this.calls.push({ resource, query });
    if (resource === 'channels') return this.channelsList(query, auth.channelId);
    if (resource === 'playlistItems') return this.playlistItemsList(query);
    if (resource === 'videos') return this.videosList(query);
    return this.searchList(query);
  }

  private async fail(failure: InjectedFailure): Promise<FakeResponse | null> {
    switch (failure) {
      case 'backendError':
        return googleError(
          503,
          'backendError',
          'global',
          'The service is currently unavailable.',
          'UNAVAILABLE',
        );
      case 'quotaExceeded':
        return quotaError();
      case 'rateLimitExceeded':
        return googleError(
          403,
          'rateLimitExceeded',
          'youtube.quota',
          'The request cannot be completed because you have exceeded your rate limit.',
          'PERMISSION_DENIED',
        );
      case 'garbage':
        return { status: 200, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } };
      case 'slow':
        await new Promise((r) => setTimeout(r, this.slowMs));
        return null;
    }
  }

  private authenticate(request: FakeRequest): { project: string; channelId: string | null } | FakeResponse {
    const header = String(request.headers.authorization ?? '');
    if (header.startsWith('Bearer ')) {
      const grant = this.accessTokens.get(header.slice(7));
      if (!grant || grant.expiresAt < Date.now())
        return googleError(
          401,
          'authError',
          'global',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          'UNAUTHENTICATED',
        );
      return { project: 'oauth-proxy', channelId: grant.channelId };
    }
    const key = request.query.get('key');
    if (!key)
      return googleError(
        403,
        'forbidden',
        'global',
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        'PERMISSION_DENIED',
      );
    const project = this.apiKeys.get(key);
    if (!project) {
      const answer = googleError(
        400,
        'badRequest',
        'global',
        'API key not valid. Please pass a valid API key.',
        'INVALID_ARGUMENT',
      );
      (answer.body as { error: Record<string, unknown> }).error.details = [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
        },
      ];
      return answer;
    }
    return { project, channelId: null };
  }

  private channelsList(query: Record<string, string>, tokenChannel: string | null): FakeResponse {
    let ids: string[];
    if (query.mine === 'true') {
      if (!tokenChannel)
        return googleError(
          401,
          'required',
          'global',
          'The request uses the <code>mine</code> parameter but is not properly authorized.',
          'UNAUTHENTICATED',
        );
      ids = [tokenChannel];
    } else if (query.id) ids = query.id.split(',');
    else
      return googleError(
        400,
        'missingRequiredParameter',
        'youtube.parameter',
        'No filter selected. Expected one of: id, mine, forHandle, forUsername, managedByMe, mySubscribers, categoryId',
        'INVALID_ARGUMENT',
      );
    const parts = (query.part ?? '').split(',');
    const items = ids
      .map((id) => this.channels.get(id))
      .filter((c): c is FakeChannel => c !== undefined)
      .map((c) => ({
        kind: 'youtube#channel',
        etag: etag(c.id),
        id: c.id,
        ...(parts.includes('snippet')
          ? {
              snippet: {
                title: c.title,
                description: c.description,
                customUrl: `@${c.title.toLowerCase().replace(/\W+/g, '')}`,
                publishedAt: '2019-06-01T12:00:00Z',
                thumbnails: thumbs(`https://yt3.ggpht.example/${c.id}`, [88, 240, 800]),
                localized: { title: c.title, description: c.description },
              },
            }
          : {}),
        ...(parts.includes('contentDetails')
          ? { contentDetails: { relatedPlaylists: { likes: '', uploads: c.uploadsPlaylistId } } }
          : {}),
      }));
    return {
      status: 200,
      body: {
        kind: 'youtube#channelListResponse',
        etag: etag(ids.join()),
        pageInfo: { totalResults: items.length, resultsPerPage: 5 },
        ...(items.length > 0 ? { items } : {}),
      },
    };
  }

  private playlistItemsList(query: Record<string, string>): FakeResponse {
    const channel = [...this.channels.values()].find((c) => c.uploadsPlaylistId === query.playlistId);
    if (!channel)
      return googleError(
        404,
        'playlistNotFound',
        'youtube.playlistItem',
        "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
        'NOT_FOUND',
      );
    const size = clamp(Number(query.maxResults ?? 5), 0, 50);
    const offset = query.pageToken ? decodePageToken(query.pageToken) : 0;
    if (offset === null)
      return googleError(
        400,
        'invalidPageToken',
        'youtube.parameter',
        'The request specifies an invalid page token.',
        'INVALID_ARGUMENT',
      );
    const page = channel.videos.slice(offset, offset + size);
    const items = page.map((v, i) => ({
      kind: 'youtube#playlistItem',
      etag: etag(v.id),
      id: token(`item:${v.id}`, 40),
      snippet: {
        publishedAt: v.publishedAt,
        channelId: channel.id,
        title: v.title,
        description: v.description,
        thumbnails: thumbs(`https://i.ytimg.com/vi/${v.id}`, [120, 320, 480, 640, 1280]),
        channelTitle: channel.title,
        playlistId: channel.uploadsPlaylistId,
        position: offset + i,
        resourceId: { kind: 'youtube#video', videoId: v.id },
        videoOwnerChannelTitle: channel.title,
        videoOwnerChannelId: channel.id,
      },
      contentDetails: { videoId: v.id, videoPublishedAt: v.publishedAt },
    }));
    const next = offset + size < channel.videos.length ? encodePageToken(offset + size) : undefined;
    return {
      status: 200,
      body: {
        kind: 'youtube#playlistItemListResponse',
        etag: etag(`${query.playlistId}:${offset}`),
        ...(next ? { nextPageToken: next } : {}),
        ...(offset > 0 ? { prevPageToken: encodePageToken(Math.max(0, offset - size)) } : {}),
        items,
        pageInfo: { totalResults: channel.videos.length, resultsPerPage: size },
      },
    };
  }

  private videosList(query: Record<string, string>): FakeResponse {
    const ids = (query.id ?? '').split(',').filter(Boolean);
    if (ids.length > 50)
      return googleError(
        400,
        'badRequest',
        'youtube.parameter',
        'The request specifies too many video ids (at most 50).',
        'INVALID_ARGUMENT',
      );
    const parts = (query.part ?? '').split(',');
    const items = ids
      .map((id) => this.videoIndex.get(id))
      .filter((v): v is FakeVideo => v !== undefined)
      .map((v) => ({
        kind: 'youtube#video',
        etag: etag(v.id),
        id: v.id,
        ...(parts.includes('snippet')
          ? { snippet: { title: v.title, description: v.description, publishedAt: v.publishedAt } }
          : {}),
        ...(parts.includes('contentDetails')
          ? {
              contentDetails: {
                duration: isoDuration(v.durationSeconds),
                dimension: '2d',
                definition: 'hd',
                caption: 'false',
                licensedContent: false,
                projection: 'rectangular',
              },
            }
          : {}),
        ...(parts.includes('statistics')
          ? {
              statistics: {
                viewCount: String(v.viewCount),
                likeCount: String(Math.floor(v.viewCount / 40)),
                favoriteCount: '0',
                commentCount: String(Math.floor(v.viewCount / 900)),
              },
            }
          : {}),
      }));
    return {
      status: 200,
      body: {
        kind: 'youtube#videoListResponse',
        etag: etag(ids.join()),
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      },
    };
  }

  private searchList(query: Record<string, string>): FakeResponse {
    const channel = query.channelId ? this.channels.get(query.channelId) : undefined;
    const term = (query.q ?? '').toLowerCase();
    const all = channel ? channel.videos.filter((v) => v.title.toLowerCase().includes(term)) : [];
    const size = clamp(Number(query.maxResults ?? 5), 0, 50);
    const offset = query.pageToken ? (decodePageToken(query.pageToken) ?? 0) : 0;
    const page = all.slice(offset, offset + size);
    return {
      status: 200,
      body: {
        kind: 'youtube#searchListResponse',
        etag: etag(`search:${term}:${offset}`),
        ...(offset + size < all.length ? { nextPageToken: encodePageToken(offset + size) } : {}),
        regionCode: 'US',
        pageInfo: { totalResults: all.length, resultsPerPage: size },
        items: page.map((v) => ({
          kind: 'youtube#searchResult',
          etag: etag(v.id),
          id: { kind: 'youtube#video', videoId: v.id },
          snippet: {
            publishedAt: v.publishedAt,
            channelId: channel?.id,
            title: v.title,
            description: v.description,
          },
        })),
      },
    };
  }

  private proxy(request: FakeRequest): FakeResponse {
    if (request.method === 'POST') {
      const body = parseBody(request);
      if (body.action !== 'refresh')
        return { status: 400, body: { success: false, message: 'Unknown action.' } };
      const channelId = this.refreshTokens.get(String(body.refresh_token ?? ''));
      if (!channelId)
        return {
          status: 400,
          body: { success: false, message: 'invalid_grant: Token has been expired or revoked.' },
        };
      const access = `ya29.${randomBytes(24).toString('base64url')}`;
      this.accessTokens.set(access, { channelId, expiresAt: Date.now() + 3599_000 });
      return { status: 200, body: { success: true, data: { access_token: access, expires_in: 3599 } } };
    }
    if (request.query.get('action') !== 'connect') return { status: 400, body: 'Unknown action.' };
    const domain = request.query.get('domain') ?? '';
    const redirect = request.query.get('redirect_uri');
    if (!this.consentChannelId) return { status: 400, body: 'No channel to consent with.' };
    const refresh = this.issueRefreshToken(this.consentChannelId);
    if (!redirect)
      return {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: `<!doctype html><title>Access Code</title><p>Paste this Access Code into your shop:</p><code id="access-code">${refresh}</code>`,
      };
    if (!domain || !redirect.startsWith(`${domain.replace(/\/+$/, '')}/`))
      return { status: 400, body: 'redirect_uri must belong to the connecting domain.' };
    const back = new URL(redirect);
    back.searchParams.set('state', request.query.get('state') ?? '');
    back.searchParams.set('refresh_token', refresh);
    return { status: 302, headers: { location: back.toString() } };
  }
}

/** `PT1H2M3S` form of a number of seconds (YouTube's contentDetails.duration). */
export function isoDuration(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

function quotaError(): FakeResponse {
  return googleError(
    403,
    'quotaExceeded',
    'youtube.quota',
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    'PERMISSION_DENIED',
  );
}

function googleError(
  code: number,
  reason: string,
  domain: string,
  message: string,
  status: string,
): FakeResponse {
  return { status: code, body: { error: { code, message, errors: [{ message, domain, reason }], status } } };
}

function thumbs(
  base: string,
  widths: number[],
): Record<string, { url: string; width: number; height: number }> {
  const names = ['default', 'medium', 'high', 'standard', 'maxres'];
  return Object.fromEntries(
    widths.map((w, i) => [
      names[i]!,
      { url: `${base}/${names[i]}.jpg`, width: w, height: Math.round((w * 9) / 16) },
    ]),
  );
}

function token(seed: string, length: number): string {
  return createHash('sha256').update(seed).digest('base64url').slice(0, length);
}

function etag(seed: string): string {
  return token(`etag:${seed}`, 27);
}

function encodePageToken(offset: number): string {
  return `C${Buffer.from(`o:${offset}`).toString('base64url')}`;
}

function decodePageToken(value: string): number | null {
  const match = /^o:(\d+)$/.exec(Buffer.from(value.slice(1), 'base64url').toString('utf8'));
  return value.startsWith('C') && match ? Number(match[1]) : null;
}

function clamp(n: number, min: number, max: number): number {
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : min;
}
