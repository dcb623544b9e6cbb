import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db, DbOrTrx } from '../db/database.js';
import { incrementVersions, readVersions, versionsChannel } from './data-versions.repository.js';

/** How long a write of this process keeps its topics uncached when its commit is never seen (a rollback). */
const PENDING_MS = 2000;
/** How often versions are read while a write of this process waits to be seen committed. */
const PENDING_POLL_MS = 5;

// The versions of each database, found from any handle on it: a transaction shares its database's adapter.
const byAdapter = new WeakMap<object, DataVersions>();

/**
 * Bumps cache topics inside the writing transaction (a repository's job, next to the write). Caches of those
 * topics stop answering in this process at once and until the commit is seen; other instances learn of it
 * when it commits (PostgreSQL NOTIFY) or at their next version read.
 */
export async function bumpTopics(db: DbOrTrx, ...topics: string[]): Promise<void> {
  const versions = byAdapter.get(db.getExecutor().adapter);
  if (!versions) throw new Error('bumpTopics: no DataVersions was started on this database');
  await versions.bump(db, topics);
}

/**
 * One instance's view of the committed version of every cache topic (`loyalty.ledger`, `auth.principals`, …).
 * Kept current by PostgreSQL LISTEN/NOTIFY (delivered at commit, so never ahead of the data) and by reading
 * every version: every `pollMs` as the backstop for a lost notification (or another process on a SQLite file),
 * and every few milliseconds while a write of this process waits to be seen committed.
 */
export class DataVersions {
  private readonly known = new Map<string, number>();
  private readonly pending = new Map<string, { version: number; until: number }>();
  private readonly channel: string;
  private listener: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly options: {
      db: Db;
      logger: FastifyBaseLogger;
      /** PostgreSQL URL to LISTEN on; unset on SQLite. */
      databaseUrl?: string;
      schema?: string;
      /** How often every version is read (default 1 s with notifications, 100 ms without). */
      pollMs?: number;
    },
  ) {
    this.channel = versionsChannel(options.schema);
  }

  /** Reads every version, starts listening and polling, and serves `bumpTopics` for this database. */
  async start(): Promise<void> {
    byAdapter.set(this.options.db.getExecutor().adapter, this);
    await this.pollQuietly();
    if (this.options.databaseUrl) await this.listen();
    this.schedule();
  }

  /** Stops listening and polling. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
  }

  /**
   * The stamp of an answer computed now from these topics, or null when it must not be cached (a write of this
   * process to one of them is not yet seen committed). Take it before the read; store only while `holds` it.
   */
  stamp(topics: readonly string[]): string | null {
    let stamp = '';
    for (const topic of topics) {
      const pending = this.pending.get(topic);
      if (pending) {
        if ((this.known.get(topic) ?? 0) < pending.version && performance.now() < pending.until) return null;
        this.pending.delete(topic);
      }
      stamp += `${this.known.get(topic) ?? 0}.`;
    }
    return stamp;
  }

  /** True while an answer stamped `stamp` is still current for these topics. */
  holds(topics: readonly string[], stamp: string | null): boolean {
    return stamp !== null && stamp === this.stamp(topics);
  }

  /** See `bumpTopics`. */
  async bump(db: DbOrTrx, topics: string[]): Promise<void> {
    const bumped = await incrementVersions(db, topics, this.channel);
    const until = performance.now() + PENDING_MS;
    for (const { topic, version } of bumped) this.pending.set(topic, { version, until });
    this.schedule();
  }

  private learn(topic: string, version: number): void {
    if (version > (this.known.get(topic) ?? 0)) this.known.set(topic, version);
  }

  private async poll(): Promise<void> {
    for (const { topic, version } of await readVersions(this.options.db)) this.learn(topic, version);
  }

  /** A poll whose failure waits for the next one (before the migrations have run there is nothing to read). */
  private async pollQuietly(): Promise<void> {
    await this.poll().catch((err) => this.options.logger.debug({ err }, 'data versions not readable yet'));
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    // Without notifications (SQLite) reading the versions is the only way news arrives, and it costs microseconds.
    const idle = this.options.pollMs ?? (this.options.databaseUrl ? 1000 : 100);
    const delay = this.pending.size > 0 ? PENDING_POLL_MS : idle;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.poll()
        .catch((err) => this.options.logger.warn({ err }, 'reading data versions failed'))
        .finally(() => {
          for (const [topic, pending] of this.pending)
            if ((this.known.get(topic) ?? 0) >= pending.version || performance.now() >= pending.until)
              this.pending.delete(topic);
          this.schedule();
        });
    }, delay);
    this.timer.unref();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      for (const { topic, version } of JSON.parse(message.payload) as Array<{
        topic: string;
        version: number;
      }>)
        this.learn(topic, version);
    });
    client.on('error', (err) => {
      this.options.logger.warn({ err }, 'data versions listener failed; reconnecting');
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
      this.listenLater();
    });
    await client.connect();
    await client.query(`listen "${this.channel}"`);
    this.listener = client;
    // Versions bumped while the listener was away are picked up now rather than at the next poll.
    await this.pollQuietly();
  }

  private listenLater(): void {
    setTimeout(() => {
      if (!this.stopped && !this.listener) this.listen().catch(() => this.listenLater());
    }, 1000).unref();
  }
}
