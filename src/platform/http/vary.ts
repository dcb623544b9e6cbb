import type { FastifyReply } from 'fastify';

/** Adds a request header to the answer's `Vary`, keeping those already named there. */
export function varyOn(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('Vary');
  if (current === undefined || current === '') {
    reply.header('Vary', header);
    return;
  }
  const names = String(current)
    .split(',')
    .map((name) => name.trim().toLowerCase());
  if (!names.includes(header.toLowerCase()) && !names.includes('*'))
    reply.header('Vary', `${current}, ${header}`);
}
