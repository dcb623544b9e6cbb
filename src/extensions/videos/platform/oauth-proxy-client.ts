import type { HttpClient, OutboundResponse } from '../../../platform/http-client/http-client.js';
import { PlatformError } from './platform-error.js';

/** An access token from the proxy and its lifetime. */
export interface AccessGrant {
  accessToken: string;
  expiresIn: number;
}

/**
 * Client of the hosted OAuth proxy (`VIDEOS_OAUTH_PROXY_URL`), which holds the Google client secret:
 * `action=refresh` trades a refresh token for an access token; `connectUrl` builds the consent redirect.
 */
export class OAuthProxyClient {
  constructor(
    private readonly http: HttpClient,
    private readonly proxyUrl: string,
  ) {}

  /** The proxy URL that starts consent, carrying the site, a signed state and where to come back. */
  connectUrl(input: { domain: string; state: string; redirectUri: string }): string {
    const url = new URL(this.proxyUrl);
    url.searchParams.set('action', 'connect');
    url.searchParams.set('domain', input.domain);
    url.searchParams.set('state', input.state);
    url.searchParams.set('redirect_uri', input.redirectUri);
    return url.toString();
  }

  /** Form POST `action=refresh&refresh_token=…` → `{success, data:{access_token, expires_in}}`. */
  async refresh(refreshToken: string): Promise<AccessGrant> {
    let response: OutboundResponse;
    try {
      response = await this.http.request({
        service: 'VIDEOS_OAUTH_PROXY_URL',
        path: '',
        method: 'POST',
        body: new URLSearchParams({ action: 'refresh', refresh_token: refreshToken }),
        timeoutMs: 15_000,
        retries: 1,
        maxBytes: 64 * 1024,
      });
    } catch (error) {
      throw new PlatformError('upstream', (error as Error).message, 'proxy_unreachable');
    }
    const body = (response.json ?? {}) as {
      success?: boolean;
      message?: string;
      data?: Record<string, unknown>;
    };
    const token = body.data?.access_token;
    if (response.status === 200 && body.success === true && typeof token === 'string' && token) {
      const expiresIn = Number(body.data?.expires_in);
      return { accessToken: token, expiresIn: expiresIn > 0 ? expiresIn : 3599 };
    }
    const message = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    if (response.json === null || response.status >= 500 || response.status === 429)
      throw new PlatformError('upstream', message, 'proxy_error');
    throw new PlatformError('credentials', message, 'invalid_grant');
  }
}
