import type { FastifyReply, FastifyRequest } from 'fastify';

declare module './event-bus.js' {
  interface StoresideEvents {
    /** A user logged in with a password (the shop merges the guest cart here). */
    'user.logged_in': { userId: number; request: FastifyRequest; reply: FastifyReply };
  }
}
