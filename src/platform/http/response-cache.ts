import type { onRequestHookHandler, RouteOptions } from 'fastify';
import type { DataVersions } from '../cache/data-versions.js';
import { replayWhileFresh } from './replay-lane.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Declarative response caching: the cache topics the answer is made of. A 200 answer is replayed to identical
     * requests of the same caller while every topic keeps the version it had when the request arrived.
     */
    cache?: { topics: readonly string[] };
  }
}

/**
 * Fastify onRoute hook for `config.cache`: stamps each request with its topics' versions before the route reads
 * anything, and lets the replay lane keep the answer while those versions hold. Routes build no key and no
 * freshness check; a write anywhere bumps its topics and every instance stops replaying.
 */
export function responseCaching(versions: DataVersions): (route: RouteOptions) => void {
  return (route) => {
    const topics = (route.config as { cache?: { topics: readonly string[] } } | undefined)?.cache?.topics;
    if (!topics) return;
    const stamp: onRequestHookHandler = (request, _reply, done) => {
      const seen = versions.stamp(topics);
      if (seen !== null) replayWhileFresh(request, () => versions.holds(topics, seen));
      done();
    };
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), stamp];
  };
}
