import type { onRequestHookHandler } from 'fastify';
import { varyOn } from './vary.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `same-origin`: the answer carries no CORS headers, so no other origin's page can read it. */
    cors?: 'same-origin';
  }
}

const EXPOSE = 'X-WP-Total, X-WP-TotalPages, Link';
const ALLOW_HEADERS =
  'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, Cart-Token, Nonce, Idempotency-Key, X-HTTP-Method-Override';
const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE';

/**
 * CORS for the REST API. Any origin may read answers without credentials (its page's own Application Password
 * or no login at all); only the site's own origin and `STORESIDE_CORS_ORIGINS` get
 * `Access-Control-Allow-Credentials`, so a page elsewhere cannot read what the user's cookie unlocks. Routes with
 * `config.cors: 'same-origin'` (the nonce) are never readable cross-origin. Every REST answer varies on Origin.
 */
export function restCorsHook(options: { publicUrl: string; origins: string[] }): onRequestHookHandler {
  const credentialed = new Set([new URL(options.publicUrl).origin, ...options.origins]);
  const apiLink = `<${options.publicUrl}/wp-json/>; rel="https://api.w.org/"`;
  return (request, reply, done) => {
    if (!request.url.startsWith('/wp-json')) return done();
    reply.header('Link', apiLink);
    varyOn(reply, 'Origin');
    const origin = request.headers.origin;
    if (origin && request.routeOptions.config?.cors !== 'same-origin') {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Expose-Headers', EXPOSE);
      reply.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
      if (request.method === 'OPTIONS') reply.header('Access-Control-Allow-Methods', ALLOW_METHODS);
      if (credentialed.has(origin)) reply.header('Access-Control-Allow-Credentials', 'true');
    }
    done();
  };
}
