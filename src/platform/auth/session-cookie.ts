import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions.service.js';

/**
 * Sets the login cookie: HTTP-only, SameSite=Lax, Secure on an https site; kept for the session's lifetime when
 * `remember` is set, else until the browser closes (WordPress's "Remember Me").
 */
export function setSessionCookie(
  reply: FastifyReply,
  publicUrl: string,
  token: string,
  remember = true,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:'),
    ...(remember ? { maxAge: SESSION_TTL_MS / 1000 } : {}),
  });
}

/** Removes the login cookie. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
