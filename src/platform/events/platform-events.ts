import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/principal.js';

declare module './event-bus.js' {
  interface StoresideEvents {
    /** A user logged in with a password (the shop merges the guest cart here). */
    'user.logged_in': { userId: number; request: FastifyRequest; reply: FastifyReply };
    /**
     * A user was deleted, inside the deleting transaction (a throw keeps the user); `user` is the account as it was,
     * `reassignedTo` the user who received what they owned (orders), or null.
     */
    'user.deleted': { user: AuthUser; reassignedTo: number | null };
  }
}
