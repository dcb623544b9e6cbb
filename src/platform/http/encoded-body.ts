import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { varyOn } from './vary.js';

/** An encoded response body, with its gzip form made on first demand (both reused while the body is cached). */
export interface EncodedBody {
  bytes: Buffer;
  gzip?: Buffer;
  /**
   * The Brotli form (quality 6), made on first demand for bodies without `compress`, and for a body with
   * `compress` when it is sent a second time (it is then being reused: compressing it whole pays off).
   */
  brotli?: Buffer;
  /** Set once a body with `compress` has been sent. */
  sent?: boolean;
  /**
   * Makes the gzip form when gzipping `bytes` whole (level 6) is not the cheapest way (see `splicedBody`); a body
   * that has it is large, and its `bytes` may be made only when read.
   */
  compress?: () => Buffer;
}

/** Wraps bytes as an EncodedBody. */
export function encoded(text: string): EncodedBody {
  return { bytes: Buffer.from(text) };
}

/** Sends an encoded body, Brotli- or gzip-compressed when the client accepts it and it is worth it. */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  contentType: string,
): FastifyReply {
  reply.type(contentType);
  varyOn(reply, 'Accept-Encoding');
  const accepts = acceptedEncodings(request.headers['accept-encoding']);
  // Brotli first when the client takes it: a table's JSON comes out smaller than gzipped. A
  // spliced body is cheap to gzip the first time (its shared parts are deflated once); sent again, it is
  // compressed whole (Brotli of the whole body is smaller than a spliced gzip).
  const brotliNow = body.compress === undefined ? body.bytes.length > 1024 : body.sent === true;
  if (brotliNow && accepts.has('br')) {
    body.brotli ??= brotliCompressSync(body.bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.bytes.length },
    });
    return reply.header('Content-Encoding', 'br').send(body.brotli);
  }
  if (body.compress !== undefined) body.sent = true;
  if (accepts.has('gzip') && (body.compress !== undefined || body.bytes.length > 1024)) {
    body.gzip ??= body.compress ? body.compress() : gzipSync(body.bytes, { level: 6 });
    return reply.header('Content-Encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.bytes);
}

/**
 * Sends a cached, already-encoded JSON body; when the caller asked for `_fields` or `_envelope` (WordPress
 * global parameters the platform applies to objects) the parsed value goes through the normal serializer.
 */
export function sendJsonBytes(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  const query = request.query as Record<string, unknown> | undefined;
  if (query?._fields !== undefined || query?._envelope !== undefined)
    return reply.send(JSON.parse(body.bytes.toString('utf8')));
  return sendEncoded(request, reply, body, 'application/json; charset=utf-8');
}

/** The encodings (`br`, `gzip`) an Accept-Encoding header allows, q-values honoured (`br;q=0` refuses Brotli). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  if (!header) return accepted;
  for (const encoding of ['br', 'gzip'])
    if (negotiate(header, [encoding]) === encoding) accepted.add(encoding);
  return accepted;
}
