import { type SqlBool, sql } from 'kysely';
import type { Clock } from '../clock.js';
import { type CacheLayer, declareCache } from '../cache/cache-layer.js';
import { bumpTopics } from '../cache/data-versions.js';
import type { TopicCache } from '../cache/topic-cache.js';
import type { DbOrTrx } from '../db/database.js';
import { escapeLike, toDbTime } from '../db/sql-helpers.js';
import { PLATFORM_TOPICS } from '../cache/topics.js';

declare module '../db/database.js' {
  interface Tables {
    options: { name: string; value: string };
    transients: { name: string; value: string; expires_at: string | null };
  }
}

/** Options' stored texts, kept an hour at most (their topic keeps them current meanwhile). */
const OPTION_TEXTS = declareCache<string | null>({
  topics: [PLATFORM_TOPICS.options],
  max: 1000,
  ttlMs: 3_600_000,
});

/**
 * Key/value settings stored as JSON in the database (shared by every instance). Reads outside a transaction are
 * served from memory while no option was written anywhere (topic `options`); each read parses its own copy.
 */
export class OptionsStore {
  private readonly texts: TopicCache<string | null>;

  constructor(
    private readonly db: DbOrTrx,
    caches: CacheLayer,
  ) {
    this.texts = caches.of(OPTION_TEXTS);
  }

  /** The stored value, or `fallback` when missing. */
  async get<T>(name: string, fallback: T, db: DbOrTrx = this.db): Promise<T> {
    const text =
      db === this.db
        ? await this.texts.getOrCompute(name, () => readOption(this.db, name))
        : await readOption(db, name);
    return text === null ? fallback : (JSON.parse(text) as T);
  }

  /** Stores a value (insert or replace). */
  async set(name: string, value: unknown, db: DbOrTrx = this.db): Promise<void> {
    const json = JSON.stringify(value);
    await db
      .insertInto('options')
      .values({ name, value: json })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: json }))
      .execute();
    await bumpTopics(db, PLATFORM_TOPICS.options);
  }

  /** Stores a value only when the option does not exist yet (WordPress's `add_option`); true when it did. */
  async add(name: string, value: unknown, db: DbOrTrx = this.db): Promise<boolean> {
    const result = await db
      .insertInto('options')
      .values({ name, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (added) await bumpTopics(db, PLATFORM_TOPICS.options);
    return added;
  }

  /** Deletes a value; true when it existed. */
  async delete(name: string, db: DbOrTrx = this.db): Promise<boolean> {
    const result = await db.deleteFrom('options').where('name', '=', name).executeTakeFirst();
    await bumpTopics(db, PLATFORM_TOPICS.options);
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes every option whose name starts with `prefix`; returns how many. */
  async deletePrefix(prefix: string, db: DbOrTrx = this.db): Promise<number> {
    const result = await db.deleteFrom('options').where(namePrefix(prefix)).executeTakeFirst();
    await bumpTopics(db, PLATFORM_TOPICS.options);
    return Number(result.numDeletedRows);
  }
}

async function readOption(db: DbOrTrx, name: string): Promise<string | null> {
  const row = await db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

/** Values with an expiry (WordPress transients), stored in the database; expired ones read as missing. */
export class TransientStore {
  constructor(
    private readonly db: DbOrTrx,
    private readonly clock: Clock,
  ) {}

  /** The value, or null when missing or expired (an expired row is deleted). */
  async get<T>(name: string): Promise<T | null> {
    const row = await this.db
      .selectFrom('transients')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) return null;
    if (row.expires_at !== null && row.expires_at <= toDbTime(this.clock.now())) {
      await this.db
        .deleteFrom('transients')
        .where('name', '=', name)
        .where('expires_at', '=', row.expires_at)
        .execute();
      return null;
    }
    return JSON.parse(row.value) as T;
  }

  /** Stores a value for `ttlSeconds` (0 = no expiry); setting again refreshes the expiry. */
  async set(name: string, value: unknown, ttlSeconds: number): Promise<void> {
    if (name.length > 172) throw new Error('Transient names are at most 172 characters');
    const json = JSON.stringify(value);
    const expires =
      ttlSeconds > 0 ? toDbTime(new Date(this.clock.now().getTime() + ttlSeconds * 1000)) : null;
    await this.db
      .insertInto('transients')
      .values({ name, value: json, expires_at: expires })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: json, expires_at: expires }))
      .execute();
  }

  /** Deletes a transient. */
  async delete(name: string): Promise<void> {
    await this.db.deleteFrom('transients').where('name', '=', name).execute();
  }

  /** Deletes every transient whose name starts with `prefix`. */
  async deletePrefix(prefix: string): Promise<number> {
    const result = await this.db.deleteFrom('transients').where(namePrefix(prefix)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Removes every expired transient (run by a daily job). */
  async purgeExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('transients')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', toDbTime(this.clock.now()))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

// `name LIKE 'prefix%'` with the wildcards of the prefix escaped; SQLite has no default LIKE escape character.
function namePrefix(prefix: string) {
  return sql<SqlBool>`name like ${`${escapeLike(prefix)}%`} escape '\\'`;
}
