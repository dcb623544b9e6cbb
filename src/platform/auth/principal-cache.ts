import { declareCache } from '../cache/cache-layer.js';
import { bumpTopics } from '../cache/data-versions.js';
import { PLATFORM_TOPICS } from '../cache/topics.js';
import type { DbOrTrx } from '../db/database.js';
import type { Principal } from './principal.js';

/** Milliseconds a resolved principal is kept at most (its topic keeps it current meanwhile). */
const PRINCIPAL_TTL_MS = 10_000;

/**
 * Marks, inside the writing transaction, that some user's role, capabilities, sessions or passwords changed:
 * every cached principal is dropped, in this instance at once and in the others at their next request after
 * the write commits.
 */
export function credentialsChanged(db: DbOrTrx): Promise<void> {
  return bumpTopics(db, PLATFORM_TOPICS.principals);
}

/**
 * Resolved principals by credential (the session cookie's token, the `Authorization` header, a key in the query),
 * so a busy client does not cost three queries per request (a credential that names nobody is never kept): answered only while the topic `auth.principals`
 * keeps the version it was read under (any credential change on any instance moves it), for ten seconds at most,
 * and never past its session's expiry (`principalLifetime`).
 */
export const PRINCIPALS = declareCache<Principal | null>({
  topics: [PLATFORM_TOPICS.principals],
  max: 10_000,
  ttlMs: PRINCIPAL_TTL_MS,
});

/** How long a principal whose credential expires at `expiresAt` (clock ms) may be kept when read at `now`. */
export function principalLifetime(expiresAt: number, now: number): number {
  return Math.min(PRINCIPAL_TTL_MS, expiresAt - now);
}
