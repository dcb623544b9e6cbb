import { bumpTopics, type DataVersions } from '../cache/data-versions.js';
import { PLATFORM_TOPICS } from '../cache/topics.js';
import type { DbOrTrx } from '../db/database.js';
import type { Principal } from './principal.js';

/** The cache topic of everything a principal is made of: users, roles, capabilities, sessions, passwords. */
const PRINCIPALS = [PLATFORM_TOPICS.principals];

/**
 * Marks, inside the writing transaction, that some user's role, capabilities, sessions or passwords changed:
 * every cached principal is dropped, in this instance at once and in the others when the write commits.
 */
export function credentialsChanged(db: DbOrTrx): Promise<void> {
  return bumpTopics(db, ...PRINCIPALS);
}

interface Entry {
  principal: Principal;
  cachedAt: number;
  stamp: string;
  /** Clock time (ms) after which the credential itself expires (session expiry), if any. */
  expiresAt: number | null;
}

/**
 * Resolved principals kept for a while so a busy client does not cost three queries per request. The database
 * stays the only source of truth: an entry holds only while the topic `auth.principals` keeps the version it was
 * read under (any credential change on any instance moves it), for `ttlMs` at most, and within its session.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly versions: DataVersions,
    private readonly now: () => number,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached principal for `key`, or null when absent, stale or expired. */
  get(key: string): Principal | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (
      !this.versions.holds(PRINCIPALS, entry.stamp) ||
      performance.now() - entry.cachedAt > this.ttlMs ||
      (entry.expiresAt !== null && this.now() >= entry.expiresAt)
    ) {
      this.entries.delete(key);
      return null;
    }
    return entry.principal;
  }

  /** The credentials version now (null: a change is being written): take it before reading, give it to `set`. */
  stamp(): string | null {
    return this.versions.stamp(PRINCIPALS);
  }

  /**
   * Remembers a principal read since `stamp()` returned `seen`; `expiresAt` (clock ms) bounds it to its
   * credential's lifetime. A change made while it was being read (a logout, a role change) keeps it out.
   */
  set(key: string, principal: Principal, expiresAt: number | null, seen: string | null): void {
    if (!this.versions.holds(PRINCIPALS, seen)) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { principal, cachedAt: performance.now(), stamp: seen as string, expiresAt });
  }
}
