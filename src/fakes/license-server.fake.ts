import { type FakeRequest, type FakeResponse, parseBody, startFakeServer } from './fake-http-server.js';

/** One license the fake server knows. */
export interface FakeLicense {
  key: string;
  slug: string;
  status: 'active' | 'inactive' | 'expired';
  /** `YYYY-MM-DD HH:MM:SS` or null for lifetime licenses. */
  expiresAt: string | null;
  activationLimit: number;
  /** Domains holding an activation. */
  activations: Set<string>;
}

/** Base path of the License Server for WooCommerce public API. */
export const LICENSE_SERVER_PATH = '/wp-json/license-server/v1';

/**
 * A protocol-true fake of the license server (`POST /activate`, `GET /check`) over real HTTP, with per-IP
 * rate limits (activate 10/60 s, check 60/60 s) and WordPress-shaped error bodies. No deactivate endpoint,
 * like the real one.
 */
export class FakeLicenseServer {
  readonly licenses = new Map<string, FakeLicense>();
  /** When true every call answers 503 (an outage). */
  outage = false;
  /** Calls received, by endpoint (`activate`, `check`). */
  readonly calls: Array<{ endpoint: string; query: Record<string, string>; body: Record<string, unknown> }> =
    [];
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private running: { origin: string; close(): Promise<void> } | null = null;

  /** Adds (or replaces) a license; returns it. */
  addLicense(input: Partial<FakeLicense> & { key: string }): FakeLicense {
    const license: FakeLicense = {
      slug: 'videos-pro',
      status: 'active',
      expiresAt: '2099-12-31 23:59:59',
      activationLimit: 3,
      activations: new Set(),
      ...input,
    };
    this.licenses.set(license.key, license);
    return license;
  }

  /** Starts listening; returns the base URL to put in LICENSE_SERVER_URL. */
  async start(port = 0): Promise<string> {
    this.running = await startFakeServer((request) => this.handle(request), port);
    return `${this.running.origin}${LICENSE_SERVER_PATH}`;
  }

  /** Stops listening. */
  async stop(): Promise<void> {
    await this.running?.close();
    this.running = null;
  }

  /** Answers one request (exposed for in-process use). */
  handle(request: FakeRequest): FakeResponse | null {
    if (!request.path.startsWith(LICENSE_SERVER_PATH)) return null;
    const route = request.path.slice(LICENSE_SERVER_PATH.length);
    if (this.outage)
      return wpError(503, 'service_unavailable', 'The license server is down for maintenance.');
    if (request.method === 'POST' && route === '/activate') {
      const limited = this.limit(`activate:${request.ip}`, 10);
      if (limited) return limited;
      const body = parseBody(request);
      this.calls.push({ endpoint: 'activate', query: {}, body });
      return this.activate(body);
    }
    if (request.method === 'GET' && route === '/check') {
      const limited = this.limit(`check:${request.ip}`, 60);
      if (limited) return limited;
      const query = Object.fromEntries(request.query);
      this.calls.push({ endpoint: 'check', query, body: {} });
      return this.check(query);
    }
    return null;
  }

  private activate(body: Record<string, unknown>): FakeResponse {
    const key = str(body.license_key);
    const slug = str(body.slug);
    const domain = str(body.domain);
    if (!key || !slug || !domain)
      return wpError(400, 'missing_fields', 'license_key, slug and domain are required.');
    const license = this.licenses.get(key);
    if (!license) return wpError(404, 'license_not_found', 'License key not found.');
    if (license.slug !== slug) return wpError(400, 'slug_mismatch', 'This license is for another product.');
    const refused = refusal(license);
    if (refused) return refused;
    if (!license.activations.has(domain) && license.activations.size >= license.activationLimit)
      return wpError(403, 'activation_limit_reached', 'The activation limit of this license is reached.');
    license.activations.add(domain);
    return {
      status: 200,
      body: {
        success: true,
        message: 'License activated.',
        license: 'valid',
        expires_at: license.expiresAt,
      },
    };
  }

  private check(query: Record<string, string>): FakeResponse {
    const key = query.license_key ?? '';
    const slug = query.slug ?? '';
    if (!key || !slug) return wpError(400, 'missing_fields', 'license_key and slug are required.');
    const license = this.licenses.get(key);
    if (!license) return wpError(404, 'license_not_found', 'License key not found.');
    if (license.slug !== slug) return wpError(400, 'slug_mismatch', 'This license is for another product.');
    const refused = refusal(license);
    if (refused) return refused;
    if (query.domain && !license.activations.has(query.domain))
      return wpError(403, 'license_not_activated', 'This license is not activated on this domain.');
    return {
      status: 200,
      body: {
        success: true,
        license: 'valid',
        expires_at: license.expiresAt,
        activation_limit: license.activationLimit,
      },
    };
  }

  private limit(key: string, max: number): FakeResponse | null {
    const now = Date.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + 60_000 };
      this.hits.set(key, entry);
    }
    entry.count++;
    if (entry.count <= max) return null;
    const retry = Math.ceil((entry.resetAt - now) / 1000);
    return {
      ...wpError(429, 'rate_limited', 'Too many requests. Please try again later.'),
      headers: { 'retry-after': String(retry) },
    };
  }
}

function refusal(license: FakeLicense): FakeResponse | null {
  const expired =
    license.status === 'expired' ||
    (license.expiresAt !== null && license.expiresAt < new Date().toISOString().replace('T', ' '));
  if (expired) return wpError(403, 'license_expired', 'This license has expired.', { license: 'expired' });
  if (license.status === 'inactive')
    return wpError(403, 'license_inactive', 'This license is not active.', { license: 'inactive' });
  return null;
}

function wpError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): FakeResponse {
  return { status, body: { success: false, code, message, ...extra, data: { status } } };
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
