import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import { RestError } from '../http/errors.js';

// Bodies read before Fastify's parser (OAuth 1.0a signs them), handed back to it by `replayEarlyBody`.
const earlyBodies = new WeakMap<IncomingMessage, Buffer>();

/**
 * True when the request carries an `application/x-www-form-urlencoded` body, whose parameters an OAuth 1.0a
 * signature covers (RFC 5849 §3.4.1.3.1; WooCommerce adds `$_POST`).
 */
export function hasFormBody(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  if (type.split(';', 1)[0]!.trim().toLowerCase() !== 'application/x-www-form-urlencoded') return false;
  const length = request.headers['content-length'];
  return length === undefined ? request.headers['transfer-encoding'] !== undefined : length !== '0';
}

/**
 * Reads a request's body before authentication ends (up to the route's body limit, else 413) and keeps it for
 * Fastify's own parser; answers it as text.
 */
export async function readBodyEarly(request: FastifyRequest): Promise<string> {
  const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > limit)
      throw new RestError('rest_request_too_large', 'The request body is larger than 1 MiB.', 413);
    chunks.push(bytes);
  }
  const body = Buffer.concat(chunks, size);
  earlyBodies.set(request.raw, body);
  return body.toString('utf8');
}

/** Route preParsing hook: gives Fastify's parser the body `readBodyEarly` took from the request, if any. */
export const replayEarlyBody: preParsingHookHandler = (request, _reply, payload, done) => {
  const body = earlyBodies.get(request.raw);
  done(null, body === undefined ? payload : Readable.from([body]));
};
