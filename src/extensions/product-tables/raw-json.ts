import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a cached, already-encoded JSON body; when the caller asked for `_fields` or `_envelope` (WordPress
 * global parameters the platform applies to objects) the parsed value goes through the normal serializer.
 */
export function sendJsonBytes(request: FastifyRequest, reply: FastifyReply, bytes: Buffer): FastifyReply {
  const query = request.query as Record<string, unknown> | undefined;
  if (query?._fields !== undefined || query?._envelope !== undefined)
    return reply.send(JSON.parse(bytes.toString('utf8')));
  return reply.type('application/json; charset=utf-8').send(bytes);
}
