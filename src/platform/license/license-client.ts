import type { HttpClient, OutboundResponse } from '../http-client/http-client.js';
import { RestError } from '../http/errors.js';

/** A license as a Storeside extension stores it. */
export type LicenseStatus = 'inactive' | 'active' | 'expired' | 'invalid';

/** What a successful activation returns. */
export interface LicenseActivation {
  status: 'active';
  /** `YYYY-MM-DD HH:MM:SS` from the server, or null for lifetime licenses. */
  expiresAt: string | null;
  message: string;
}

/** What a re-check found: valid, rejected by the server (with the status to store), or no usable answer. */
export type LicenseCheck =
  | { outcome: 'valid'; expiresAt: string | null; activationLimit: number | null }
  | { outcome: 'rejected'; status: Exclude<LicenseStatus, 'active'>; code: string; message: string }
  | { outcome: 'unreachable'; message: string };

/** An activation the server refused or could not answer; `licenseStatus` is what to store (null: keep). */
export class LicenseActivationError extends RestError {
  constructor(
    code: string,
    message: string,
    status: number,
    readonly licenseStatus: LicenseStatus | null,
    headers: Record<string, string> = {},
  ) {
    super(code, message, status, licenseStatus ? { license_status: licenseStatus } : {}, headers);
  }
}

/**
 * Client of the license server (`LICENSE_SERVER_URL`, e.g. `…/wp-json/license-server/v1`), shared by the
 * extensions that sell a paid add-on. Activation fails closed (no answer = not active); the scheduled re-check
 * fails open (no answer = keep what is stored; see `statusAfterRecheck`).
 */
export class LicenseClient {
  constructor(
    private readonly http: HttpClient,
    private readonly options: {
      /** The site's host name (the host of the public URL), sent as `domain`. */
      domain: string;
      /** Config key of the base URL (default `LICENSE_SERVER_URL`). */
      service?: string;
    },
  ) {}

  /** `POST /activate {license_key, slug, domain}`; resolves only when the server accepts the key. */
  async activate(input: { licenseKey: string; slug: string }): Promise<LicenseActivation> {
    let response: OutboundResponse;
    try {
      response = await this.http.request({
        service: this.service,
        path: '/activate',
        method: 'POST',
        body: { license_key: input.licenseKey, slug: input.slug, domain: this.options.domain },
        timeoutMs: 15_000,
        retries: 1,
        maxBytes: 64 * 1024,
      });
    } catch {
      throw unavailable();
    }
    const body = asRecord(response.json);
    if (response.status === 200 && body.success === true && (body.license ?? 'valid') === 'valid') {
      return {
        status: 'active',
        expiresAt: typeof body.expires_at === 'string' ? body.expires_at : null,
        message: typeof body.message === 'string' ? body.message : 'License activated.',
      };
    }
    throw activationRefusal(response, body);
  }

  /** `GET /check?license_key&slug&domain`: what the server says about the key today (never throws). */
  async check(input: { licenseKey: string; slug: string }): Promise<LicenseCheck> {
    let response: OutboundResponse;
    try {
      response = await this.http.request({
        service: this.service,
        path: '/check',
        query: { license_key: input.licenseKey, slug: input.slug, domain: this.options.domain },
        timeoutMs: 10_000,
        retries: 2,
        maxBytes: 64 * 1024,
      });
    } catch (error) {
      return { outcome: 'unreachable', message: (error as Error).message };
    }
    const body = asRecord(response.json);
    if (response.status === 200 && body.success === true && body.license === 'valid') {
      return {
        outcome: 'valid',
        expiresAt: typeof body.expires_at === 'string' ? body.expires_at : null,
        activationLimit: typeof body.activation_limit === 'number' ? body.activation_limit : null,
      };
    }
    const code = typeof body.code === 'string' ? body.code : '';
    const message = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    if (response.json === null || response.status === 429 || response.status >= 500 || !code)
      return { outcome: 'unreachable', message };
    return { outcome: 'rejected', status: rejectedStatus(code, body), code, message };
  }

  private get service(): string {
    return this.options.service ?? 'LICENSE_SERVER_URL';
  }
}

/** The status to store after a scheduled re-check: fail open when the server gave no usable answer. */
export function statusAfterRecheck(current: LicenseStatus, check: LicenseCheck): LicenseStatus {
  if (check.outcome === 'unreachable') return current;
  return check.outcome === 'valid' ? 'active' : check.status;
}

function activationRefusal(
  response: OutboundResponse,
  body: Record<string, unknown>,
): LicenseActivationError {
  const code = typeof body.code === 'string' ? body.code : '';
  const message = typeof body.message === 'string' ? body.message : '';
  if (response.status === 429) {
    const retry = response.headers.get('retry-after') ?? '60';
    return new LicenseActivationError(
      'license_rate_limited',
      'The license server is rate limiting activations; try again later.',
      429,
      null,
      { 'Retry-After': retry },
    );
  }
  if (response.json === null || response.status >= 500 || !code) return unavailable();
  if (code === 'activation_limit_reached')
    return new LicenseActivationError(
      'license_activation_limit',
      message || 'This license has reached its activation limit.',
      409,
      'inactive',
    );
  const status = rejectedStatus(code, body);
  return new LicenseActivationError(
    status === 'expired' ? 'license_expired' : 'license_invalid',
    message || 'The license server did not accept this key.',
    400,
    status,
  );
}

function rejectedStatus(code: string, body: Record<string, unknown>): Exclude<LicenseStatus, 'active'> {
  if (code === 'license_expired' || body.license === 'expired') return 'expired';
  if (code === 'license_not_activated' || code === 'license_inactive' || code === 'activation_limit_reached')
    return 'inactive';
  return 'invalid';
}

function unavailable(): LicenseActivationError {
  return new LicenseActivationError(
    'license_server_unavailable',
    'The license server could not be reached; the license was not activated.',
    502,
    null,
  );
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
