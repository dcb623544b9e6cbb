import type { FastifyReply } from 'fastify';
import type { ExtensionContext } from '../../define-extension.js';
import type { RestApp } from '../../../platform/http/server.js';
import { referrerOf } from './loyalty-referrals.service.js';
import { readSettings } from '../settings/settings.js';
import { isReferralCode, REFERRAL_COOKIE, signReferralCookie } from './referral-cookie.js';

/** Storefront hook: a page visited with `?ref=CODE` (a known code) gets the signed `storeside_ref` cookie. */
export function referralCapture(app: RestApp, ctx: ExtensionContext): void {
  // Callback-style: every front-end request passes here, and almost none carries `?ref=`.
  app.addHook('onRequest', (request, reply, done) => {
    const ref =
      request.method === 'GET' && !request.url.startsWith('/wp-json')
        ? (request.query as Record<string, unknown> | undefined)?.ref
        : undefined;
    const code = typeof ref === 'string' ? ref.trim().toUpperCase() : '';
    if (!isReferralCode(code)) {
      done();
      return;
    }
    setReferralCookie(ctx, reply, code).then(() => done(), done);
  });
}

async function setReferralCookie(ctx: ExtensionContext, reply: FastifyReply, code: string): Promise<void> {
  const settings = await readSettings(ctx);
  if (!settings.referrals_enabled || (await referrerOf(ctx.db, code)) === null) return;
  const maxAge = settings.referrals_cookieDuration * 86_400;
  const expires = new Date(ctx.clock.now().getTime() + maxAge * 1000);
  reply.setCookie(REFERRAL_COOKIE, signReferralCookie(code, expires, ctx.config.secret), {
    path: '/',
    maxAge,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.publicUrl.startsWith('https:'),
  });
}
