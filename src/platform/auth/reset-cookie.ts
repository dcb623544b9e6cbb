import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESET_KEY_TTL_MS } from './password-reset.service.js';

/** WordPress's cookie holding a reset key between the e-mailed link and the form, so the key leaves the URL. */
export const RESET_COOKIE = 'wp-resetpass';

/** Keeps the e-mailed key for the reset form at `path` (HTTP-only, SameSite=Lax, for the key's lifetime). */
export function setResetCookie(
  reply: FastifyReply,
  input: { publicUrl: string; path: string; key: string },
): void {
  reply.setCookie(RESET_COOKIE, input.key, {
    path: input.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: input.publicUrl.startsWith('https:'),
    maxAge: RESET_KEY_TTL_MS / 1000,
  });
}

/** The reset key the browser brought, or null. */
export function resetCookieKey(request: FastifyRequest): string | null {
  const value = request.cookies[RESET_COOKIE];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,100}$/.test(value) ? value : null;
}

/** Forgets the reset key (after a reset). */
export function clearResetCookie(reply: FastifyReply, path: string): void {
  reply.clearCookie(RESET_COOKIE, { path });
}
