import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db, DbOrTrx } from '../db/database.js';
import {
  announceVersions,
  bumpCte,
  incrementVersions,
  incrementVersionsPart,
  readVersions,
  versionsChannel,
} from './data-versions.repository.js';

/** How long a write of this process keeps its topics uncached when its commit is never seen (a rollback). */
const PENDING_MS = 2000;
/** How often versions are read while a write of this process waits to be seen committed. */
const PENDING_POLL_MS = 5;

// The versions of each database, found from any handle on it: a transaction shares its database's adapter.
const byAdapter = new WeakMap<object, DataVersions>();

/**
 * Bumps cache topics inside the writing transaction (a repository's job, next to the write). Caches of those
 * topics stop answering in this process at once and until the commit is seen; other instances learn of it when
 * this process has seen it committed and announces it (PostgreSQL NOTIFY), or at their next version read.
 */
export async function bumpTopics(db: DbOrTrx, ...topics: string[]): Promise<void> {
  await versionsOf(db).bump(db, topics);
}

function versionsOf(db: DbOrTrx): DataVersions {
  const versions = byAdapter.get(db.getExecutor().adapter);
  if (!versions) throw new Error('bumpTopics: no DataVersions was started on this database');
  return versions;
}

/**
 * For a write made as one PostgreSQL statement: the CTE `bumped_topics (topic, version)` bumping `topics` once the
 * statement's CTE `after` has rows (see `bumpCte`), and `settle`, to call with the versions the statement read
 * back from it, as `bumpTopics` does for a write of several statements.
 */
export function topicBumpCte(
  db: DbOrTrx,
  after: string,
  ...topics: string[]
): { cte: ReturnType<typeof bumpCte>; settle: (bumped: Array<{ topic: string; version: number }>) => void } {
  const versions = versionsOf(db);
  return { cte: bumpCte(topics, after), settle: (bumped) => versions.settle(bumped) };
}

/**
 * For a write made as one PostgreSQL statement of parts (`db.with(name, () => part)`): `part` bumps `topics` and
 * returns `topic, version`, and `settle` takes the versions the statement read back from it, as `bumpTopics` does
 * for a write of several statements.
 */
export function topicBumpPart(
  db: DbOrTrx,
  ...topics: string[]
): {
  part: ReturnType<typeof incrementVersionsPart>;
  settle: (bumped: Array<{ topic: string; version: number | string }>) => void;
} {
  const versions = versionsOf(db);
  return {
    part: incrementVersionsPart(db, topics),
    settle: (bumped) => versions.settle(bumped.map((b) => ({ topic: b.topic, version: Number(b.version) }))),
  };
}

/**
 * One instance's view of the committed version of every cache topic (`loyalty.ledger`, `auth.principals`, …).
 * Kept current by reading every version: every few milliseconds while a write of this process waits to be seen
 * committed, and every `pollMs` as the backstop for a lost notification (or another process on a SQLite file);
 * and, on PostgreSQL, by LISTEN/NOTIFY: a process announces the versions of its own writes once its read has
 * seen them committed (never ahead of the data). The announcement is a statement of its own rather than a NOTIFY
 * inside each writing transaction, because PostgreSQL serializes the commits of notifying transactions.
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

  /** Stops listening and polling, after announcing this process's writes that are committed by then. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.pending.size > 0) await this.pollQuietly().then(() => this.settlePending());
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
    this.settle(await incrementVersions(db, topics));
  }

  /** Holds the bumped topics uncached until their new versions are seen committed. */
  settle(bumped: Array<{ topic: string; version: number }>): void {
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
        .then(() => this.settlePending())
        .catch((err) => this.options.logger.warn({ err }, 'reading data versions failed'))
        .finally(() => this.schedule());
    }, delay);
    this.timer.unref();
  }

  /**
   * Drops the pending writes that are seen committed (announcing their topics' versions to the other instances)
   * or that never will be (rolled back).
   */
  private async settlePending(): Promise<void> {
    const committed: Array<{ topic: string; version: number }> = [];
    for (const [topic, pending] of this.pending) {
      const known = this.known.get(topic) ?? 0;
      if (known >= pending.version) committed.push({ topic, version: known });
      if (known >= pending.version || performance.now() >= pending.until) this.pending.delete(topic);
    }
    if (committed.length > 0 && this.listener) await announceVersions(this.listener, this.channel, committed);
  }

  private async listen(): Promise<void> {
    // Loaded here, as the database driver is: a SQLite server never loads pg.
    const { default: pg } = await import('pg');
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
