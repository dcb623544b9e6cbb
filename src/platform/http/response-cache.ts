import type { FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { DataVersions } from '../cache/data-versions.js';
import type { Topic } from '../cache/topics.js';
import { replayWhileFresh } from './replay-lane.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Declarative response caching: the cache topics the answer is made of. A 200 answer is replayed to identical
     * requests of the same caller while every topic keeps the version it had when the request arrived.
     */
    cache?: ResponseCacheConfig;
  }
}

/** What a route's answer is made of, and how long it may be replayed at most. */
export interface ResponseCacheConfig {
  topics: readonly Topic[];
  /**
   * Milliseconds an answer may be replayed at most (0: never), for answers that also change with time (e.g. an
   * owner's cache-lifetime setting); unset: as long as the topics hold.
   */
  maxAgeMs?: (request: FastifyRequest) => number | Promise<number>;
}

/**
 * Fastify onRoute hook for `config.cache`: stamps each request with its topics' versions before the route reads
 * anything, and lets the replay lane keep the answer while those versions hold. Routes build no key and no
 * freshness check; a write anywhere bumps its topics and every instance stops replaying.
 */
export function responseCaching(versions: DataVersions, now: () => number): (route: RouteOptions) => void {
  return (route) => {
    const cache = (route.config as { cache?: ResponseCacheConfig } | undefined)?.cache;
    if (!cache) return;
    const { topics, maxAgeMs } = cache;
    const stamp: onRequestHookHandler = maxAgeMs
      ? async (request) => {
          const seen = versions.stamp(topics);
          if (seen === null) return;
          const until = now() + (await maxAgeMs(request));
          replayWhileFresh(request, () => now() < until && versions.holds(topics, seen));
        }
      : (request, _reply, done) => {
          const seen = versions.stamp(topics);
          if (seen !== null) replayWhileFresh(request, () => versions.holds(topics, seen));
          done();
        };
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), stamp];
  };
}
