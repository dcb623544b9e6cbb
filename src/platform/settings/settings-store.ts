import { bumpTopics } from '../cache/data-versions.js';
import type { DbOrTrx } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import type { OptionsStore } from '../options/options.js';
import type {
  SettingsDeclaration,
  SettingsHookContext,
  SettingsHost,
  SettingsStorage,
  SettingsUpdate,
} from './define-settings.js';

/** The default storage: the whole record in one JSON option, read through the platform's option cache. */
export function optionStorage<Stored>(options: OptionsStore, option: string): SettingsStorage<Stored> {
  return {
    load: (db) => options.get<Stored | null>(option, null, db),
    write: (next, _change, db) => options.set(option, next, db),
    clear: async (db) => {
      await options.delete(option, db);
    },
  };
}

/**
 * The settings record of one declaration in one app (`ctx.settings.of(declaration)`): reads it (stored over the
 * defaults), applies a change (validated, normalised, stored and its topic bumped in one transaction), resets it.
 */
export class SettingsStore<T, Stored, C, St extends SettingsStorage<Stored>> {
  /** Where the record lives (an extension with a storage of its own reaches its other options through it). */
  readonly storage: St;
  private readonly hooks: SettingsHookContext<St>;
  private readonly db: DbOrTrx;

  constructor(
    ctx: SettingsHost,
    readonly declaration: SettingsDeclaration<T, Stored, C, St>,
  ) {
    this.storage = declaration.storage
      ? declaration.storage(ctx)
      : (optionStorage<Stored>(ctx.options, declaration.option) as St);
    this.hooks = { ctx, storage: this.storage };
    this.db = ctx.db;
  }

  /** The settings now; pass `db` to read inside a transaction (else through the option cache). */
  async get(db?: DbOrTrx): Promise<T> {
    return this.read(await this.storage.load(db));
  }

  /** What clients see of `settings` (of the settings now when omitted). */
  async view(settings?: T): Promise<unknown> {
    const current = settings ?? (await this.get());
    return this.declaration.view ? this.declaration.view(current, this.hooks) : current;
  }

  /**
   * Applies a validated body in one transaction: its change over the current settings, normalised, checked by
   * `validate` (a refusal is a ValidationError naming the field, and nothing is stored), stored, the topic bumped,
   * then `written` inside the same transaction.
   */
  async update(
    body: Record<string, unknown>,
    written?: (update: SettingsUpdate<T, C>, trx: DbOrTrx) => Promise<void>,
  ): Promise<SettingsUpdate<T, C>> {
    const d = this.declaration;
    return this.db.transaction().execute(async (trx) => {
      const stored = await this.storage.load(trx);
      const current = this.read(stored);
      const change = d.change ? await d.change(body, current, this.hooks) : (body as C);
      const record = d.merge ? d.merge({ stored, current, change }) : undefined;
      const merged = this.read(record ?? ({ ...current, ...change } as Stored));
      const next = d.normalise ? d.normalise(merged) : merged;
      const update = { current, change, next };
      const errors = d.validate?.(update);
      if (errors && Object.keys(errors).length > 0) throw new ValidationError(errors);
      await this.storage.write(record ?? (next as unknown as Stored), change, trx);
      await bumpTopics(trx, d.topic);
      await written?.(update, trx);
      return update;
    });
  }

  /** Forgets the stored settings (the defaults apply again), with `alongside` in the same transaction. */
  async reset<R>(alongside?: (trx: DbOrTrx) => Promise<R>): Promise<R | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await this.storage.clear(trx);
      await bumpTopics(trx, this.declaration.topic);
      return alongside?.(trx);
    });
  }

  private read(stored: Stored | null): T {
    const { read, defaults, schema } = this.declaration;
    if (read) return read(stored, defaults);
    const base = defaults() as Record<string, unknown>;
    const record = (stored ?? {}) as Record<string, unknown>;
    const keys = Object.keys((schema as { properties?: object }).properties ?? base);
    // A key missing from the record (or stored as null) reads as its default; unknown stored keys are dropped.
    return Object.fromEntries(keys.map((key) => [key, record[key] ?? base[key]])) as T;
  }
}
