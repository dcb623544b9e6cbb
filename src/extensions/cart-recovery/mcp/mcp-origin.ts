import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Header the MCP dispatcher sets on the agent requests it injects. */
export const MCP_ORIGIN_HEADER = 'x-storeside-mcp-origin';
const SECRET = randomBytes(24).toString('base64url');

/** The header value that marks an injected request as an MCP call (a per-process secret nobody outside knows). */
export function mcpOriginHeaders(): Record<string, string> {
  return { [MCP_ORIGIN_HEADER]: SECRET };
}

/** True when the request was injected by this process's MCP dispatcher (a forged header from outside is not). */
export function isMcpCall(request: FastifyRequest): boolean {
  const value = request.headers[MCP_ORIGIN_HEADER];
  if (typeof value !== 'string' || value.length !== SECRET.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(SECRET));
}
