import type { Principal } from './principal.js';

let credentialsVersion = 0;

/** Marks that some user's role, capabilities, sessions or passwords changed: every cached principal is dropped. */
export function credentialsChanged(): void {
  credentialsVersion++;
}

interface Entry {
  principal: Principal;
  cachedAt: number;
  version: number;
  /** Clock time (ms) after which the credential itself expires (session expiry), if any. */
  expiresAt: number | null;
}

/**
 * Resolved principals kept for a moment so a busy client does not cost three queries per request.
 * The database stays the only source of truth: an entry lives `ttlMs` (1 s) at most, and any change
 * made in this process (logout, role, capability, application password) drops every entry at once,
 * so only changes made by another instance can take up to `ttlMs` to be seen.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 1000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached principal for `key`, or null when absent, stale or expired. */
  get(key: string): Principal | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (
      entry.version !== credentialsVersion ||
      performance.now() - entry.cachedAt > this.ttlMs ||
      (entry.expiresAt !== null && this.now() >= entry.expiresAt)
    ) {
      this.entries.delete(key);
      return null;
    }
    return entry.principal;
  }

  /** The credentials version now: take it before reading a principal, and give it to `set`. */
  stamp(): number {
    return credentialsVersion;
  }

  /**
   * Remembers a principal read since `stamp()` returned `seen`; `expiresAt` (clock ms) bounds it to its
   * credential's lifetime. A change made while it was being read (a logout, a role change) makes it stale at once.
   */
  set(key: string, principal: Principal, expiresAt: number | null, seen: number): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { principal, cachedAt: performance.now(), version: seen, expiresAt });
  }
}
