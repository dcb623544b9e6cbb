import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Still true while a stored answer may be replayed (same caller, same credentials, same data). */
export type ReplayCheck = () => boolean;

/** What a route declares when it makes its answer replayable: the check of its own data's freshness. */
const freshnessOf = new WeakMap<FastifyRequest, ReplayCheck>();

/**
 * Marks the answer a GET route is about to send as replayable to byte-identical requests (same URL, same
 * credentials, nonce and Accept-Encoding) for as long as `isFresh()` holds and the caller is still the same
 * authenticated principal. Only for routes without side effects whose answer depends on nothing but those.
 */
export function replayWhileFresh(request: FastifyRequest, isFresh: ReplayCheck): void {
  freshnessOf.set(request, isFresh);
}

interface StoredAnswer {
  status: number;
  /** Header names and values as node's `writeHead` takes them (a flat list), content-length included. */
  headers: string[];
  payload: Buffer;
  isCurrent: ReplayCheck;
}

/** Limits of the lane: answers kept, the bytes of all of them, and the largest answer kept. */
export interface ReplayLaneOptions {
  maxEntries?: number;
  maxTotalBytes?: number;
  maxPayloadBytes?: number;
}

// Headers node writes itself, or that would be wrong on another response.
const NOT_REPLAYED = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * A response cache in front of Fastify (the idea of WordPress's advanced-cache drop-in): an authenticated GET
 * that a route marked replayable is answered again from its stored bytes, straight from node's request event,
 * while the caller's principal, nonce tick and the route's data are unchanged. Everything else — any miss,
 * any request with an Origin or a method override, a server shutting down — goes through Fastify as before.
 * Measured on the bench's 2-core VM: an authenticated cached GET cost ~50 µs of server CPU through Fastify's
 * pipeline and ~25 µs here (docs/platform.md, "Replay lane").
 */
export class ReplayLane {
  private readonly answers = new Map<string, StoredAnswer>();
  private guardOf: (request: FastifyRequest) => ReplayCheck | null = () => null;
  private closing = false;
  private storedBytes = 0;
  private readonly maxEntries: number;
  private readonly maxTotalBytes: number;
  private readonly maxPayloadBytes: number;

  constructor(options: ReplayLaneOptions = {}) {
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxTotalBytes = options.maxTotalBytes ?? 16 * 1024 * 1024;
    this.maxPayloadBytes = options.maxPayloadBytes ?? 256 * 1024;
  }

  /** Sets who vouches for the caller: a check that holds while the same principal is authenticated the same way. */
  setCallerGuard(guardOf: (request: FastifyRequest) => ReplayCheck | null): void {
    this.guardOf = guardOf;
  }

  /** Stops replaying (shutdown: every answer then goes through Fastify, which closes the connection). */
  close(): void {
    this.closing = true;
    this.answers.clear();
    this.storedBytes = 0;
  }

  /** Answers sent from the lane since start (tests, diagnostics). */
  replayed = 0;

  /** How many answers are stored (tests, diagnostics). */
  get size(): number {
    return this.answers.size;
  }

  /** Fastify `serverFactory`: the HTTP server Fastify would make, with the lane before Fastify's handler. */
  readonly serverFactory = (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    options: FastifyServerOptions,
  ): Server => {
    const server = createServer((req, res) => {
      if (this.answers.size === 0 || !this.replay(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Fastify onSend hook: keeps the answer of a request its route marked replayable. */
  readonly onSend = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void => {
    const isFresh = freshnessOf.get(request);
    if (isFresh && !this.closing) this.store(request, reply, payload, isFresh);
    done(null, payload);
  };

  private store(request: FastifyRequest, reply: FastifyReply, payload: unknown, isFresh: ReplayCheck): void {
    const key = replayKey(request.raw.method, request.originalUrl, request.raw.headers);
    if (key === null || reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return;
    const bytes =
      typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (bytes === null || bytes.length > this.maxPayloadBytes) return;
    const callerUnchanged = this.guardOf(request);
    if (callerUnchanged === null) return;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || NOT_REPLAYED.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
    }
    headers.push('content-length', String(bytes.length));
    this.forget(key);
    // The oldest answers go first beyond the limits.
    while (
      this.answers.size > 0 &&
      (this.answers.size >= this.maxEntries || this.storedBytes + bytes.length > this.maxTotalBytes)
    )
      this.forget(this.answers.keys().next().value!);
    this.storedBytes += bytes.length;
    this.answers.set(key, {
      status: reply.statusCode,
      headers,
      payload: bytes,
      isCurrent: () => callerUnchanged() && isFresh(),
    });
  }

  private forget(key: string): void {
    const answer = this.answers.get(key);
    if (answer === undefined) return;
    this.storedBytes -= answer.payload.length;
    this.answers.delete(key);
  }

  private replay(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing) return false;
    const key = replayKey(req.method, req.url, req.headers);
    const answer = key === null ? undefined : this.answers.get(key);
    if (answer === undefined) return false;
    let current = false;
    try {
      current = answer.isCurrent();
    } catch {
      // e.g. the database is closing: Fastify answers, and reports the error if it persists.
    }
    if (!current) {
      this.forget(key!);
      return false;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.payload);
    this.replayed++;
    return true;
  }
}

/**
 * Everything of a request an answer may depend on, or null for requests never replayed: not a GET; a page
 * outside /wp-json/ with a query string (front-end hooks act on `?ref=` and the e-mail links); an Origin (CORS
 * headers) or a method override (another route).
 */
function replayKey(
  method: string | undefined,
  url: string | undefined,
  h: IncomingHttpHeaders,
): string | null {
  if (method !== 'GET' || url === undefined) return null;
  if (!url.startsWith('/wp-json/') && url.includes('?')) return null;
  if (h.origin !== undefined || h['x-http-method-override'] !== undefined) return null;
  return `${url}\n${h.cookie ?? ''}\n${h.authorization ?? ''}\n${h['x-wp-nonce'] ?? ''}\n${h['cart-token'] ?? ''}\n${h['accept-encoding'] ?? ''}`;
}
