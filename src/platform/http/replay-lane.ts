import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { DELEGATION_HEADER } from '../auth/delegation.js';

/** Still true while a stored answer may be replayed (same caller, same credentials, same data). */
export type ReplayCheck = () => boolean;

/** What a route declares when it makes its answer replayable: the check of its own data's freshness. */
const freshnessOf = new WeakMap<FastifyRequest, ReplayCheck>();

/**
 * Marks the answer a route is about to send as replayable to byte-identical requests (same URL, same
 * credentials, nonce, Origin and Accept-Encoding, and for a POST the same Content-Type and body) for as long as
 * `isFresh()` holds and the caller is still the same authenticated principal. Only for routes without side
 * effects whose answer depends on nothing but those (a GET, or a POST that only computes, like a preview).
 */
export function replayWhileFresh(request: FastifyRequest, isFresh: ReplayCheck): void {
  freshnessOf.set(request, isFresh);
}

/** The raw text of small request bodies, as the JSON parser read them (the key of a replayable POST). */
const bodyTextOf = new WeakMap<IncomingMessage, string>();

/** Largest POST body (bytes) whose answer may be replayed: the lane reads it before deciding. */
export const MAX_REPLAYED_BODY = 8 * 1024;

/** Records the text of a request body a body parser read, when it is small enough to key a replayable POST. */
export function rememberBodyText(request: IncomingMessage, text: string): void {
  if (request.method === 'POST' && text.length <= MAX_REPLAYED_BODY) bodyTextOf.set(request, text);
}

interface StoredAnswer {
  status: number;
  /** Header names and values as node's `writeHead` takes them (a flat list), content-length included. */
  headers: string[];
  payload: Buffer;
  isCurrent: ReplayCheck;
  /** A POST's key without its body (the lane reads a body only when answers are stored under that prefix). */
  postPrefix?: string;
}

/**
 * What a request waits for before anything answers it (null: nothing to wait for): the platform makes every
 * instance's caches as new as every write committed before the request arrived (cache/data-versions.ts).
 */
export type RequestGate = () => Promise<void> | null;

/** The answer when the gate cannot be passed (the database is unreachable): 503 in the WordPress error shape. */
function unavailable(res: ServerResponse): void {
  const body = JSON.stringify({
    code: 'storeside_unavailable',
    message: 'The database cannot be reached right now. Try again in a moment.',
    data: { status: 503 },
  });
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
  res.end(body);
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
 * A response cache in front of Fastify (the idea of WordPress's advanced-cache drop-in): a request whose answer a
 * route marked replayable is answered again from its stored bytes, straight from node's request event, while the
 * caller's principal, nonce tick and the route's data are unchanged. Everything else — any miss, any request
 * with a method override, a server shutting down — goes through Fastify as before.
 * Skipping Fastify's pipeline (routing, hooks, validation, serialization) takes a large share of a cached GET's
 * server CPU away (docs/platform.md, "Replay lane").
 */
export class ReplayLane {
  private readonly answers = new Map<string, StoredAnswer>();
  /** How many stored POST answers each key prefix (URL, credentials, Content-Type) has. */
  private readonly postPrefixes = new Map<string, number>();
  private guardOf: (request: FastifyRequest) => ReplayCheck | null = () => null;
  private gate: RequestGate = () => null;
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

  /** Sets what every request waits for before it is answered, from the lane or by Fastify (see `RequestGate`). */
  setGate(gate: RequestGate): void {
    this.gate = gate;
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
    const server = createServer(this.before(handler));
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** A request listener that answers from the lane when it can and passes every other request to `handler`. */
  before(
    handler: (req: IncomingMessage, res: ServerResponse) => void,
  ): (req: IncomingMessage, res: ServerResponse) => void {
    const answer = (req: IncomingMessage, res: ServerResponse): void => {
      if (this.answers.size === 0) handler(req, res);
      else if (req.method === 'POST') this.replayPost(req, res, handler);
      else if (!this.replay(res, replayKey(req.method, req.url, req.headers))) handler(req, res);
    };
    return (req, res) => {
      const waiting = this.gate();
      if (waiting === null) answer(req, res);
      else
        waiting.then(
          () => answer(req, res),
          () => unavailable(res),
        );
    };
  }

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
    const post = request.raw.method === 'POST';
    const prefix = replayKey(request.raw.method, request.originalUrl, request.raw.headers);
    const bodyText = post ? bodyTextOf.get(request.raw) : '';
    if (prefix === null || bodyText === undefined) return;
    if (reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return;
    const key = post ? `${prefix}\n${bodyText}` : prefix;
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
      postPrefix: post ? prefix : undefined,
    });
    if (post) this.postPrefixes.set(prefix, (this.postPrefixes.get(prefix) ?? 0) + 1);
  }

  private forget(key: string): void {
    const answer = this.answers.get(key);
    if (answer === undefined) return;
    this.storedBytes -= answer.payload.length;
    this.answers.delete(key);
    if (answer.postPrefix === undefined) return;
    const left = this.postPrefixes.get(answer.postPrefix)! - 1;
    if (left === 0) this.postPrefixes.delete(answer.postPrefix);
    else this.postPrefixes.set(answer.postPrefix, left);
  }

  /**
   * A POST whose URL and credentials have stored answers: its body (at most MAX_REPLAYED_BODY bytes, announced
   * by Content-Length) is read here; a stored answer for that body is sent, otherwise the body is put back in
   * the request stream, untouched, for Fastify to read as it would have.
   */
  private replayPost(
    req: IncomingMessage,
    res: ServerResponse,
    handler: (req: IncomingMessage, res: ServerResponse) => void,
  ): void {
    const prefix = this.closing ? null : replayKey(req.method, req.url, req.headers);
    const expected = Number(req.headers['content-length']);
    // Without a body nothing was parsed, so no answer was kept for it.
    if (prefix === null || !this.postPrefixes.has(prefix) || expected === 0) {
      handler(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      received += chunk.length;
      if (received < expected) return;
      req.off('data', onData);
      req.pause();
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      if (this.replay(res, `${prefix}\n${body.toString('utf8')}`)) {
        req.resume();
        return;
      }
      req.unshift(body);
      handler(req, res);
    };
    req.on('data', onData);
  }

  private replay(res: ServerResponse, key: string | null): boolean {
    if (this.closing) return false;
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
 * Everything of a request an answer may depend on (a POST's body is appended to it), or null for requests never
 * replayed: neither a GET nor a POST; a POST with a body over MAX_REPLAYED_BODY or not framed by Content-Length;
 * a page outside /wp-json/ with a query string (front-end hooks act on `?ref=` and the e-mail links); a method
 * override (another route); an in-process sub-request acting as its parent's caller (`delegation.ts`). The Origin is part of the key (the CORS headers echo it).
 */
function replayKey(
  method: string | undefined,
  url: string | undefined,
  h: IncomingHttpHeaders,
): string | null {
  if (url === undefined || h['x-http-method-override'] !== undefined || h[DELEGATION_HEADER] !== undefined)
    return null;
  if (!url.startsWith('/wp-json/') && url.includes('?')) return null;
  const key = `${url}\n${h.cookie ?? ''}\n${h.authorization ?? ''}\n${h['x-wp-nonce'] ?? ''}\n${h['cart-token'] ?? ''}\n${h['accept-encoding'] ?? ''}\n${h.origin ?? ''}`;
  if (method === 'GET') return key;
  if (method !== 'POST' || h['transfer-encoding'] !== undefined) return null;
  const length = Number(h['content-length']);
  if (!Number.isInteger(length) || length > MAX_REPLAYED_BODY) return null;
  return `${key}\n${h['content-type'] ?? ''}`;
}
