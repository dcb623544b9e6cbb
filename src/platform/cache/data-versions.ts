import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import {
  type Connection,
  connectionOf,
  type Db,
  type DbOrTrx,
  onTransactionEnd,
  sqliteHandle,
} from '../db/database.js';
import {
  bumpCte,
  compactBumps,
  insertBumps,
  insertBumpsPart,
  readVersions,
  readVersionsOn,
  sqliteDataVersion,
  type VersionsRead,
} from './data-versions.repository.js';
import { leaveInstance, registerInstance, renewInstance } from './instance-leases.repository.js';
import type { Topic } from './topics.js';

/** An instance's lease (renewed every RENEW_MS), its solo lease, and the margin it gives up for clock drift. */
const LEASE_MS = 3000;
const SOLO_MS = 2000;
const RENEW_MS = 1000;
const MARGIN_MS = 250;

/** Bump rows beyond which a version read or this process's own bumps start a compaction. */
const COMPACT_AFTER_ROWS = 256;

// The versions of each database, found from any handle on it: a transaction shares its database's adapter.
const byAdapter = new WeakMap<object, DataVersions>();

/**
 * Bumps cache topics next to the write, with the same handle (a repository's job): inside a transaction the
 * bump commits or rolls back with the data. Caches of those topics stop answering in this process from the bump
 * until the transaction has ended; every instance sees the commit at its next request (`DataVersions.catchUp`).
 */
export async function bumpTopics(db: DbOrTrx, ...topics: Topic[]): Promise<void> {
  await versionsOf(db).bump(db, topics);
}

function versionsOf(db: DbOrTrx): DataVersions {
  const versions = byAdapter.get(db.getExecutor().adapter);
  if (!versions) throw new Error('bumpTopics: no DataVersions was started on this database');
  return versions;
}

/**
 * For a write made as one PostgreSQL statement: the CTE `bumped_topics (topic)` bumping
 * `topics` once the statement's CTE `after` has rows (see `bumpCte`), and `settle`, to call once it has run.
 */
export function topicBumpCte(
  db: DbOrTrx,
  after: string,
  ...topics: Topic[]
): { cte: ReturnType<typeof bumpCte>; settle: () => Promise<void> } {
  const versions = versionsOf(db);
  return { cte: bumpCte(topics, after), settle: () => versions.recorded(db, topics) };
}

/**
 * For a write made as one PostgreSQL statement of parts (`db.with(name, () => part)`): `part` bumps `topics` and returns `topic`, and `settle`, to call once the statement has run.
 */
export function topicBumpPart(
  db: DbOrTrx,
  ...topics: Topic[]
): { part: ReturnType<typeof insertBumpsPart>; settle: () => Promise<void> } {
  const versions = versionsOf(db);
  return { part: insertBumpsPart(db, topics), settle: () => versions.recorded(db, topics) };
}

/**
 * One instance's view of the committed version of every cache topic (`loyalty.ledger`, `auth.principals`, …),
 * brought up to date before every request and every job (`catchUp`): whatever was committed before a request
 * arrived, on any instance, is what its caches answer from. A stamp is the topics' committed versions plus this
 * process's own bumps, so a write of this process makes its caches stale at once, and again when it commits.
 */
export class DataVersions {
  private readonly known = new Map<string, number>();
  /** This process's bumps and commits per topic: a stamp changes with each. */
  private readonly local = new Map<string, number>();
  /** Transactions of this process that bumped a topic and have not ended yet. */
  private readonly open = new Map<string, number>();
  private readonly openOn = new Map<Connection, string[]>();
  private client: pg.Client | null = null;
  private reading: Promise<void> | null = null;
  private nextRead: Promise<void> | null = null;
  private sqliteVersion = -1;
  private bumpsSinceCompaction = 0;
  private compacting: Promise<void> | null = null;
  private stopListening: (() => void) | null = null;
  /** PostgreSQL: this process's row among the instances, and until when (this process's clock) its leases hold. */
  private readonly instanceId = randomUUID();
  private leaseUntil = 0;
  private soloUntil = 0;
  private renewal: NodeJS.Timeout | null = null;
  private registering: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly options: {
      db: Db;
      logger: FastifyBaseLogger;
      /** PostgreSQL URL the versions are read through (a connection of their own); unset on SQLite. */
      databaseUrl?: string;
      schema?: string;
    },
  ) {}

  /**
   * Reads every version and serves `bumpTopics` for this database. On PostgreSQL it first registers this process
   * among the instances and waits until no other instance may still be answering without reading the versions
   * (its solo lease, at most two seconds).
   */
  async start(): Promise<void> {
    byAdapter.set(this.options.db.getExecutor().adapter, this);
    this.stopListening = onTransactionEnd(this.options.db, (connection) => this.ended(connection));
    if (this.options.databaseUrl) {
      await this.register().catch((err) =>
        this.options.logger.debug({ err }, 'instances not registrable yet'),
      );
      this.scheduleRenewal();
    }
    await this.read().catch((err) => this.options.logger.debug({ err }, 'data versions not readable yet'));
  }

  /** Stops reading versions (after a compaction in progress) and leaves the instances. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    if (this.renewal) clearTimeout(this.renewal);
    await this.compacting;
    await this.registering?.catch(() => {});
    const client = this.client;
    this.client = null;
    if (client) await leaveInstance(client, this.instanceId).catch(() => {});
    await client?.end().catch(() => {});
  }

  /**
   * Before an answer leaves: null while this process's lease holds; else (it was paused or cut off longer than its
   * lease, so another instance may have become solo) a promise that registers it again and waits out the other
   * instances' solo leases, so no write it acknowledges can go unseen by them.
   */
  beforeAnswer(): Promise<void> | null {
    if (!this.options.databaseUrl || performance.now() < this.leaseUntil) return null;
    return this.reregister();
  }

  /**
   * Brings the versions up to date with every commit made before this call, on any instance: null when they
   * already are (SQLite, when no other process wrote to the file), else a promise of a read started after this
   * call. Concurrent callers share reads: at most one is in flight and one waits.
   */
  catchUp(): Promise<void> | null {
    // Alone on the database (PostgreSQL): no other process can have written, and a newcomer waits for this lease.
    if (performance.now() < this.soloUntil) return null;
    const sqlite = sqliteHandle(this.options.db);
    if (sqlite && sqliteDataVersion(sqlite) === this.sqliteVersion) return null;
    if (this.reading === null) {
      this.reading = this.read().finally(() => {
        this.reading = null;
      });
      return this.reading;
    }
    this.nextRead ??= this.reading
      .catch(() => {})
      .then(() => {
        this.nextRead = null;
        return this.catchUp() ?? undefined;
      });
    return this.nextRead;
  }

  /**
   * The stamp of an answer computed now from these topics, or null when it must not be cached (a transaction of
   * this process that bumped one of them has not ended). Take it before the read; store only while `holds` it.
   */
  stamp(topics: readonly Topic[]): string | null {
    let stamp = '';
    for (const topic of topics) {
      if (this.open.has(topic)) return null;
      stamp += `${this.known.get(topic) ?? 0}.${this.local.get(topic) ?? 0}.`;
    }
    return stamp;
  }

  /** True while an answer stamped `stamp` is still current for these topics. */
  holds(topics: readonly Topic[], stamp: string | null): boolean {
    return stamp !== null && stamp === this.stamp(topics);
  }

  /** See `bumpTopics`. */
  async bump(db: DbOrTrx, topics: readonly Topic[]): Promise<void> {
    if (db.isTransaction) await this.hold(db, topics);
    await insertBumps(db, topics);
    if (!db.isTransaction) this.written(topics);
  }

  /** After a statement that bumped `topics` through `db` (see `topicBumpCte`, `topicBumpPart`) has run. */
  async recorded(db: DbOrTrx, topics: readonly Topic[]): Promise<void> {
    if (db.isTransaction) await this.hold(db, topics);
    else this.written(topics);
  }

  /** Keeps `topics` uncached in this process until the transaction `trx` has ended. */
  private async hold(trx: DbOrTrx, topics: readonly string[]): Promise<void> {
    const connection = await connectionOf(trx);
    const opened = this.openOn.get(connection) ?? [];
    if (opened.length === 0) this.openOn.set(connection, opened);
    for (const topic of topics) {
      opened.push(topic);
      this.open.set(topic, (this.open.get(topic) ?? 0) + 1);
    }
  }

  /** Records a bump of `topics` that is committed now. */
  private written(topics: readonly string[]): void {
    for (const topic of topics) this.local.set(topic, (this.local.get(topic) ?? 0) + 1);
    this.bumpsSinceCompaction += topics.length;
    if (this.bumpsSinceCompaction >= COMPACT_AFTER_ROWS) this.compact(0);
  }

  private ended(connection: Connection): void {
    const topics = this.openOn.get(connection);
    if (topics === undefined) return;
    this.openOn.delete(connection);
    for (const topic of topics) {
      const left = this.open.get(topic)! - 1;
      if (left === 0) this.open.delete(topic);
      else this.open.set(topic, left);
    }
    this.written(topics);
  }

  private async read(): Promise<void> {
    const sqlite = sqliteHandle(this.options.db);
    // Taken before the read: a commit by another process during the read makes the next request read again.
    if (sqlite) this.sqliteVersion = sqliteDataVersion(sqlite);
    const read = this.options.databaseUrl
      ? await readVersionsOn(await this.connection())
      : await readVersions(this.options.db);
    this.learn(read);
  }

  private learn(read: VersionsRead): void {
    for (const { topic, version } of read.versions)
      if (version > (this.known.get(topic) ?? 0)) this.known.set(topic, version);
    if (read.rows >= COMPACT_AFTER_ROWS + this.known.size) this.compact(read.lastId);
  }

  /** Folds the bump rows (up to `lastId`, or all seen now) into one per topic, one compaction at a time. */
  private compact(lastId: number): void {
    if (this.compacting) return;
    this.bumpsSinceCompaction = 0;
    this.compacting = (async () => {
      const through = lastId || (await readVersions(this.options.db)).lastId;
      await compactBumps(this.options.db, through);
    })()
      .catch((err) =>
        this.options.logger.debug({ err }, 'compacting data versions failed; the next one retries'),
      )
      .finally(() => {
        this.compacting = null;
      });
  }

  private reregister(): Promise<void> {
    this.registering ??= this.register().finally(() => {
      this.registering = null;
    });
    return this.registering;
  }

  /** Registers this process and waits out every other instance's solo lease (see `instance-leases.repository`). */
  private async register(): Promise<void> {
    this.soloUntil = 0;
    for (;;) {
      const started = performance.now();
      const wait = await registerInstance(await this.connection(), this.instanceId, LEASE_MS);
      this.leaseUntil = started + LEASE_MS - MARGIN_MS;
      if (wait === 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait + MARGIN_MS));
      if (performance.now() < this.leaseUntil) return;
    }
  }

  private scheduleRenewal(): void {
    if (this.stopped) return;
    this.renewal = setTimeout(() => {
      this.renew()
        .catch((err) => {
          this.soloUntil = 0;
          this.options.logger.warn({ err }, 'renewing the instance lease failed');
        })
        .finally(() => this.scheduleRenewal());
    }, RENEW_MS);
    this.renewal.unref();
  }

  private async renew(): Promise<void> {
    const started = performance.now();
    const solo = await renewInstance(await this.connection(), this.instanceId, LEASE_MS, SOLO_MS);
    if (solo === null) return this.reregister();
    this.leaseUntil = started + LEASE_MS - MARGIN_MS;
    this.soloUntil = solo ? started + SOLO_MS - MARGIN_MS : 0;
  }

  /** PostgreSQL: the connection versions are read on (opened on first use, again after an error). */
  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    // Loaded here, as the database driver is: a SQLite server never loads pg.
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      ...(this.options.schema ? { options: `-c search_path=${this.options.schema}` } : {}),
    });
    client.on('error', (err) => {
      this.options.logger.warn({ err }, 'data versions connection failed; reconnecting on the next read');
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
    });
    await client.connect();
    this.client = client;
    return client;
  }
}
