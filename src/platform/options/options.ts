import type { Clock } from '../clock.js';
import { type CacheLayer, declareCache } from '../cache/cache-layer.js';
import { bumpTopics } from '../cache/data-versions.js';
import type { TopicCache } from '../cache/topic-cache.js';
import { PLATFORM_TOPICS } from '../cache/topics.js';
import type { DbOrTrx } from '../db/database.js';
import { toDbTime } from '../db/sql-helpers.js';
import {
  deleteExpiredTransients,
  deleteOptionRow,
  deleteOptionsByPrefix,
  deleteTransientRow,
  deleteTransientsByPrefix,
  findTransient,
  insertOptionIfMissing,
  readOption,
  readOptionForUpdate,
  upsertOption,
  upsertTransient,
} from './options.repository.js';

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
    await upsertOption(db, name, JSON.stringify(value));
    await bumpTopics(db, PLATFORM_TOPICS.options);
  }

  /**
   * Changes a value by `change(current)` in a transaction holding the option's row, so two concurrent changes of
   * one option (two keys of one map) both land; returns the new value.
   */
  async update<T>(name: string, fallback: T, change: (current: T) => T): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await insertOptionIfMissing(trx, name, JSON.stringify(fallback));
      const text = await readOptionForUpdate(trx, name);
      const next = change(text === null ? fallback : (JSON.parse(text) as T));
      await this.set(name, next, trx);
      return next;
    });
  }

  /** Stores a value only when the option does not exist yet (WordPress's `add_option`); true when it did. */
  async add(name: string, value: unknown, db: DbOrTrx = this.db): Promise<boolean> {
    const added = await insertOptionIfMissing(db, name, JSON.stringify(value));
    if (added) await bumpTopics(db, PLATFORM_TOPICS.options);
    return added;
  }

  /** Deletes a value; true when it existed. */
  async delete(name: string, db: DbOrTrx = this.db): Promise<boolean> {
    const deleted = await deleteOptionRow(db, name);
    await bumpTopics(db, PLATFORM_TOPICS.options);
    return deleted;
  }

  /** Deletes every option whose name starts with `prefix`; returns how many. */
  async deletePrefix(prefix: string, db: DbOrTrx = this.db): Promise<number> {
    const deleted = await deleteOptionsByPrefix(db, prefix);
    await bumpTopics(db, PLATFORM_TOPICS.options);
    return deleted;
  }
}

/** Values with an expiry (WordPress transients), stored in the database; expired ones read as missing. */
export class TransientStore {
  constructor(
    private readonly db: DbOrTrx,
    private readonly clock: Clock,
  ) {}

  /** The value, or null when missing or expired (an expired row is deleted). */
  async get<T>(name: string): Promise<T | null> {
    const row = await findTransient(this.db, name);
    if (!row) return null;
    if (row.expires_at !== null && row.expires_at <= toDbTime(this.clock.now())) {
      await deleteTransientRow(this.db, name, row.expires_at);
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
    await upsertTransient(this.db, { name, value: json, expires_at: expires });
  }

  /** Deletes a transient. */
  async delete(name: string): Promise<void> {
    await deleteTransientRow(this.db, name);
  }

  /** Deletes every transient whose name starts with `prefix`. */
  async deletePrefix(prefix: string): Promise<number> {
    return deleteTransientsByPrefix(this.db, prefix);
  }

  /** Removes every expired transient (run by a daily job). */
  async purgeExpired(): Promise<number> {
    return deleteExpiredTransients(this.db, toDbTime(this.clock.now()));
  }
}
