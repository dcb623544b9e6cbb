import type { Principal } from '../../../platform/auth/principal.js';
import { ForbiddenError, invalid, RestError, ValidationError } from '../../../platform/http/errors.js';
import { hashToken } from '../../../platform/security/hashing.js';
import type { ExtensionContext } from '../../define-extension.js';
import { addQuotaUnits, deleteLibrary, resetSyncState } from '../library/library.repository.js';
import { OAuthStateService } from './oauth-state.js';
import { OAuthProxyClient } from '../platform/oauth-proxy-client.js';
import { PlatformError, platformRestError, quotaDay } from '../platform/platform-error.js';
import { type ChannelInfo, type PlatformCredentials, YouTubeClient } from '../platform/youtube-client.js';
import type { LoadedSettings, SettingsStore } from '../settings/settings.store.js';
import type { VideosSettings } from '../settings/settings.schemas.js';
import type { VideosLog } from '../common/videos-log.js';

/** Credentials as given to connect / test-connection. */
export interface CredentialsInput {
  connection_method: 'oauth' | 'api';
  api_key?: string;
  channel_id?: string;
  refresh_token?: string;
  /** Base64 of JSON holding `refresh_token` (the proxy's copy-and-paste form). */
  connection_string?: string;
}

/** Stored credentials ready for API calls, and the channel they address. */
export interface PlatformSession {
  credentials: PlatformCredentials;
  channelId: string | null;
}

/** Counts YouTube quota units of one operation and adds them to the day's total. */
export class QuotaMeter {
  units = 0;
  readonly add = (units: number) => {
    this.units += units;
  };
}

/**
 * Connecting the channel: testing credentials, connect / disconnect, the OAuth proxy round trip, and turning
 * stored credentials into a usable session (access tokens cached with expiry, bound to their refresh token).
 */
export class ConnectionService {
  private readonly proxy: OAuthProxyClient;
  readonly states: OAuthStateService;

  constructor(
    private readonly ctx: ExtensionContext,
    private readonly settings: SettingsStore,
    private readonly log: VideosLog,
  ) {
    this.proxy = new OAuthProxyClient(ctx.http, ctx.config.services.VIDEOS_OAUTH_PROXY_URL ?? '');
    this.states = new OAuthStateService(ctx.config.secret, ctx.clock, ctx.transients);
  }

  /** A YouTube client whose charged calls count on `meter`. */
  youtube(meter: QuotaMeter): YouTubeClient {
    return new YouTubeClient(this.ctx.http, this.ctx.clock, { onUnits: meter.add });
  }

  /** Adds an operation's units to today's quota usage. */
  async recordQuota(meter: QuotaMeter): Promise<void> {
    await addQuotaUnits(this.ctx.db, quotaDay(this.ctx.clock.now()), meter.units);
  }

  /** Checks credentials against the platform without saving anything; returns the channel. */
  async test(input: CredentialsInput): Promise<ChannelInfo> {
    const loaded = await this.settings.load();
    const given = resolveCredentials(input, loaded.settings);
    const meter = new QuotaMeter();
    try {
      return await this.channelFor(given, meter, null);
    } catch (error) {
      throw await this.failure(error, 'given', 'Connection test failed');
    } finally {
      await this.recordQuota(meter);
    }
  }

  /** Saves credentials and tests them: `connected` with the channel's metadata, or `failed` and a mapped 4xx/5xx. */
  async connect(input: CredentialsInput): Promise<LoadedSettings> {
    const loaded = await this.settings.load();
    const given = resolveCredentials(input, loaded.settings);
    const patch: Partial<VideosSettings> =
      given.method === 'api'
        ? { connection_method: 'api', api_key: given.apiKey, channel_id: given.channelId, refresh_token: '' }
        : { connection_method: 'oauth', refresh_token: given.refreshToken, api_key: '' };
    await this.settings.saveAccessToken(null);
    const meter = new QuotaMeter();
    let channel: ChannelInfo;
    try {
      channel = await this.channelFor(given, meter, 'persist');
    } catch (error) {
      await this.settings.save({
        ...patch,
        connection_status: 'failed',
        channel_name: '',
        thumbnails_default: '',
        thumbnails_medium: '',
      });
      throw await this.failure(error, 'given', 'Connect failed');
    } finally {
      await this.recordQuota(meter);
    }
    await this.ctx.db.transaction().execute(async (trx) => {
      if (loaded.settings.channel_id && loaded.settings.channel_id !== channel.channel_id) {
        // Another channel: the old library is not this channel's.
        await deleteLibrary(trx);
        await resetSyncState(trx);
        await this.settings.save({ last_sync_time: 0 }, {}, trx);
        await this.ctx.events.emit('videos.data_reset', { reason: 'channel_changed' }, trx);
      }
      await this.settings.save(
        {
          ...patch,
          channel_id: channel.channel_id,
          channel_name: channel.title,
          thumbnails_default: channel.thumbnails.default,
          thumbnails_medium: channel.thumbnails.medium,
          connection_status: 'connected',
        },
        {},
        trx,
      );
    });
    await this.log.debug('Connected the channel', { channel_id: channel.channel_id, method: given.method });
    return this.settings.load();
  }

  /** Clears the connection status and channel name (stored credentials are kept) and forgets the access token. */
  async disconnect(): Promise<LoadedSettings> {
    await this.settings.save({
      connection_status: 'inactive',
      channel_name: '',
      thumbnails_default: '',
      thumbnails_medium: '',
    });
    await this.settings.saveAccessToken(null);
    return this.settings.load();
  }

  /** Where `oauth-connect` redirects: the proxy with the site, a signed state and the callback carrying a nonce. */
  async oauthConnectUrl(principal: Principal): Promise<string> {
    if (principal.kind !== 'user') throw new ForbiddenError();
    const state = await this.states.issue(principal.user.id);
    const nonce = this.ctx.nonces.create(this.ctx.auth.nonceSubject(principal));
    const callback = new URL(`${this.ctx.config.publicUrl}/wp-json/videos/v1/videoplatform/oauth-callback`);
    callback.searchParams.set('_wpnonce', nonce);
    return this.proxy.connectUrl({
      domain: this.ctx.config.publicUrl,
      state,
      redirectUri: callback.toString(),
    });
  }

  /** The proxy came back: checks the state, then connects with the refresh token it brought. */
  async oauthCallback(
    principal: Principal,
    input: { state: string; refresh_token?: string; error?: string },
  ) {
    if (principal.kind !== 'user' || !(await this.states.consume(input.state, principal.user.id)))
      throw new RestError(
        'videos_oauth_state_invalid',
        'The OAuth state is invalid, expired or already used.',
        400,
      );
    if (input.error || !input.refresh_token)
      throw new RestError(
        'videos_oauth_denied',
        `The channel owner did not grant access${input.error ? `: ${input.error}` : '.'}`,
        400,
      );
    return this.connect({ connection_method: 'oauth', refresh_token: input.refresh_token });
  }

  /** Stored credentials as a session (OAuth: a cached or refreshed access token); failures map as `stored`. */
  async session(loaded: LoadedSettings): Promise<PlatformSession> {
    const s = loaded.settings;
    if (s.connection_method === 'api') {
      if (!s.api_key || !s.channel_id)
        throw new RestError(
          'videos_not_configured',
          'Connect a channel first (API key and channel id missing).',
          400,
        );
      return { credentials: { kind: 'key', apiKey: s.api_key }, channelId: s.channel_id };
    }
    if (!s.refresh_token)
      throw new RestError('videos_not_configured', 'Connect a channel first (no OAuth grant).', 400);
    try {
      const token = await this.accessToken(s.refresh_token, loaded.accessToken, 'persist');
      return { credentials: { kind: 'bearer', accessToken: token }, channelId: null };
    } catch (error) {
      throw await this.failure(error, 'stored', 'Token refresh failed');
    }
  }

  /** Maps any platform failure for a REST answer and logs it. */
  async failure(error: unknown, credentials: 'given' | 'stored', what: string): Promise<unknown> {
    if (!(error instanceof PlatformError)) return error;
    await this.log.error(`${what}: ${error.kind} (${error.reason}) ${error.message}`);
    return platformRestError(error, credentials);
  }

  /** Forgets a cached access token the platform refused (so the next call refreshes). */
  async dropAccessToken(): Promise<void> {
    await this.settings.saveAccessToken(null);
  }

  private async channelFor(
    given: ResolvedCredentials,
    meter: QuotaMeter,
    persist: 'persist' | null,
  ): Promise<ChannelInfo> {
    const youtube = this.youtube(meter);
    if (given.method === 'api')
      return youtube.channel({
        credentials: { kind: 'key', apiKey: given.apiKey },
        channelId: given.channelId,
      });
    const token = await this.accessToken(given.refreshToken, null, persist);
    // OAuth always discovers the channel from the token (mine=true), never from a stale stored id.
    return youtube.channel({ credentials: { kind: 'bearer', accessToken: token }, channelId: null });
  }

  private async accessToken(
    refreshToken: string,
    cached: LoadedSettings['accessToken'],
    persist: 'persist' | null,
  ): Promise<string> {
    const hash = hashToken(refreshToken);
    const now = Math.floor(this.ctx.clock.now().getTime() / 1000);
    if (cached && cached.refresh_hash === hash && cached.expires_at - 300 > now) return cached.token;
    const grant = await this.proxy.refresh(refreshToken);
    if (persist)
      await this.settings.saveAccessToken({
        token: grant.accessToken,
        expires_at: now + grant.expiresIn,
        refresh_hash: hash,
      });
    return grant.accessToken;
  }
}

type ResolvedCredentials =
  | { method: 'api'; apiKey: string; channelId: string }
  | { method: 'oauth'; refreshToken: string };

/** Fills omitted secrets from storage (a masked `""` means "keep") and enforces the conditional requirements. */
function resolveCredentials(input: CredentialsInput, stored: VideosSettings): ResolvedCredentials {
  if (input.connection_method === 'api') {
    const apiKey = input.api_key?.trim() || stored.api_key;
    const channelId = input.channel_id?.trim() ?? '';
    const errors: Record<string, Record<string, string>> = {};
    if (!apiKey) errors.api_key = { required: 'api_key is required when connection_method is api.' };
    if (!channelId) errors.channel_id = { required: 'channel_id is required when connection_method is api.' };
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return { method: 'api', apiKey, channelId };
  }
  let refreshToken = input.refresh_token?.trim() ?? '';
  if (!refreshToken && input.connection_string) refreshToken = fromConnectionString(input.connection_string);
  refreshToken ||= stored.refresh_token;
  if (!refreshToken)
    throw invalid('refresh_token', 'required', 'refresh_token is required when connection_method is oauth.');
  return { method: 'oauth', refreshToken };
}

function fromConnectionString(value: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as { refresh_token?: unknown };
    return typeof parsed.refresh_token === 'string' ? parsed.refresh_token.trim() : '';
  } catch {
    throw invalid(
      'connection_string',
      'format',
      'connection_string must be base64 of JSON holding refresh_token.',
    );
  }
}
