import type { Config } from '../config/config.js';

/** One outbound request to a configured service. */
export interface OutboundRequest {
  /** The configuration key of the service's base URL (e.g. `VIDEOS_API_BASE_URL`): hosts come from config only. */
  service: string;
  /** Path appended to the base URL (e.g. `/channels`). */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** JSON body (objects) or form body (URLSearchParams). */
  body?: unknown;
  timeoutMs?: number;
  /** Retries after network errors, 5xx and 429 (default 2), with exponential back-off. */
  retries?: number;
  /** Largest accepted response body (default 5 MiB). */
  maxBytes?: number;
}

/** The answer of an outbound request (any status; network failures throw OutboundError). */
export interface OutboundResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or null when the body is not JSON. */
  json: unknown;
}

/** A failure to get any answer (timeout, connection refused, body too large). */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network' | 'too_large',
  ) {
    super(message);
  }
}

/** Small outbound HTTP client: base URLs from config, timeouts, bounded retries with back-off, size limits. */
export interface HttpClient {
  request(input: OutboundRequest): Promise<OutboundResponse>;
}

/** The fetch-based HttpClient. */
export class FetchHttpClient implements HttpClient {
  constructor(
    private readonly config: Pick<Config, 'services'>,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  async request(input: OutboundRequest): Promise<OutboundResponse> {
    const base = this.config.services[input.service];
    if (!base) throw new Error(`No base URL configured for ${input.service}`);
    const url = new URL(base + input.path);
    for (const [k, v] of Object.entries(input.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const retries = input.retries ?? 2;
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await this.sleep(Math.min(2000, 100 * 2 ** attempt));
      try {
        const response = await this.once(url, input);
        if (
          (response.status >= 500 || response.status === 429) &&
          attempt < retries &&
          input.method !== 'POST'
        )
          continue;
        return response;
      } catch (error) {
        lastError = error;
        if (error instanceof OutboundError && error.kind === 'too_large') throw error;
      }
    }
    throw lastError instanceof OutboundError ? lastError : new OutboundError(String(lastError), 'network');
  }

  private async once(url: URL, input: OutboundRequest): Promise<OutboundResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...input.headers };
    let body: string | undefined;
    if (input.body instanceof URLSearchParams) {
      body = input.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (input.body !== undefined) {
      body = JSON.stringify(input.body);
      headers['content-type'] ??= 'application/json';
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: input.method ?? 'GET',
        headers,
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(input.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const name = (error as Error).name;
      throw new OutboundError(
        `${input.service} request failed: ${(error as Error).message}`,
        name === 'TimeoutError' ? 'timeout' : 'network',
      );
    }
    const text = await readLimited(response, input.maxBytes ?? 5 * 1024 * 1024);
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, headers: response.headers, text, json };
  }
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new OutboundError(`Response larger than ${maxBytes} bytes`, 'too_large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
