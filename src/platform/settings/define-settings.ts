import type { TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AuthPolicy, Principal } from '../auth/principal.js';
import type { Topic } from '../cache/topics.js';
import type { Db, DbOrTrx } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import type { FieldErrors } from '../http/errors.js';
import type { OptionsStore } from '../options/options.js';
import type { SecretBox } from '../security/secret-box.js';

/** The parts of the app context a settings store and its hooks use (the platform context has them all). */
export interface SettingsHost {
  db: Db;
  options: OptionsStore;
  events: EventBus;
  secrets: SecretBox;
  logger: FastifyBaseLogger;
}

/** Where a settings record lives: one JSON option by default (`optionStorage`), or a storage of the extension's own. */
export interface SettingsStorage<Stored> {
  /** The stored record (null: nothing saved); without `db`, read through the platform's option cache. */
  load(db?: DbOrTrx): Promise<Stored | null>;
  /** Stores the next record; `change` is what this update brought (a storage that writes per key uses it). */
  write(next: Stored, change: unknown, db: DbOrTrx): Promise<void>;
  /** Forgets the stored record: the defaults apply again. */
  clear(db: DbOrTrx): Promise<void>;
}

/** What a store's hooks may use besides their input: the app context and the settings' storage. */
export interface SettingsHookContext<St> {
  ctx: SettingsHost;
  storage: St;
}

/** One update as the hooks see it: the settings before, the change the body brought, and the settings after. */
export interface SettingsUpdate<T, C> {
  current: T;
  change: C;
  next: T;
}

/** A route that wipes the settings (and what goes with them), answering with what `reply` builds. */
export interface SettingsResetRoute<S, R = unknown> {
  method: 'POST' | 'DELETE';
  /** Path under the settings' path (`/reset`). */
  path: string;
  summary: string;
  response: TSchema;
  /** What else goes with the settings, in the transaction that clears them; its result goes to `reply`. */
  alongside?: (services: S, trx: DbOrTrx, request: FastifyRequest) => Promise<R>;
  /** The answer, built after the commit from `alongside`'s result and the settings now (the defaults' view). */
  reply: (services: S, result: R, view: unknown) => unknown;
}

/** The REST routes of a settings record: `GET` it, change it by `update` methods, optionally reset it. */
export interface SettingsRoutes<T, C, S> {
  /** Path under `/wp-json` (`/loyalty/v1/settings`). */
  path: string;
  /** Who may read and change the settings: capability and nonce rule. */
  auth: AuthPolicy;
  tags: string[];
  summary: { read: string; update: string };
  /** Methods that change the settings (default `POST`). */
  update?: ReadonlyArray<'POST' | 'PUT' | 'PATCH'>;
  /** The body holds the change under this key (`{ settings: {...} }`); by default the body is the change. */
  bodyKey?: string;
  /** Schema of the change (default: any subset of the settings' keys, unknown keys refused). */
  body?: TSchema;
  /** Schema of the GET answer (default: the settings' schema). */
  response?: TSchema;
  /** Schema of an update's answer (default: the GET answer's). */
  updateResponse?: TSchema;
  /** A permission check on the parsed body, before validation (like every permission check); throws a 403. */
  authorize?: (principal: Principal, body: unknown) => void;
  /** In the writing transaction, after the write (an activity-log entry). */
  written?: (
    services: S,
    update: SettingsUpdate<T, C>,
    trx: DbOrTrx,
    request: FastifyRequest,
  ) => Promise<void>;
  /** An update's answer, built after the commit (default: the settings' view). */
  reply?: (services: S, update: SettingsUpdate<T, C> & { body: unknown }) => Promise<unknown>;
  reset?: SettingsResetRoute<S, any>;
}

/**
 * One settings record of a module, declared in its manifest (`settings: [defineSettings({...})]`): where it is
 * stored, its schema and defaults, the topic its writes bump, the hooks that shape it, and its REST routes. `T` is
 * the settings as read, `Stored` what is stored (T by default), `C` what an update brings, `St` the storage and `S`
 * the module's services container.
 */
export interface SettingsDeclaration<
  T,
  Stored = T,
  C = Partial<T>,
  St extends SettingsStorage<Stored> = SettingsStorage<Stored>,
  S = any,
> {
  /** The option holding the record (with a storage of its own: the prefix of its options). */
  option: string;
  /** Bumped by every write and reset, in its transaction: caches of values made of these settings name it. */
  topic: Topic;
  /** The settings as read (the GET answer unless `routes.response` says otherwise, and the OpenAPI schema). */
  schema: TSchema;
  /** The settings before anything was saved (a fresh value each call). */
  defaults: () => T;
  /** A storage of the module's own (default: the one JSON option `option`). */
  storage?: (ctx: SettingsHost) => St;
  /** The settings from the stored record (default: each schema key from the record, else from the defaults). */
  read?: (stored: Stored | null, defaults: () => T) => T;
  /** The change a validated body brings (default: the body itself); may refuse keys by throwing a ValidationError. */
  change?: (body: Record<string, unknown>, current: T, hooks: SettingsHookContext<St>) => Promise<C>;
  /** The record to store after a change (default: the current settings with the change's keys over them). */
  merge?: (input: { stored: Stored | null; current: T; change: C }) => Stored;
  /** Puts the settings in their canonical form after a change (trimmed names, sorted lists). */
  normalise?: (next: T) => T;
  /** Rules across fields, checked before anything is stored: field → rule → message (nothing: valid). */
  validate?: (update: SettingsUpdate<T, C>) => FieldErrors | undefined;
  /** What clients see of the settings (default: the settings themselves); secrets are masked here. */
  view?: (settings: T, hooks: SettingsHookContext<St>) => unknown | Promise<unknown>;
  /** The REST routes (none: the settings are only read and written by the module's own code). */
  routes?: SettingsRoutes<T, C, S>;
}

/** Any settings declaration, whatever its types (a manifest's list holds these). */
export type AnySettingsDeclaration<S = any> = SettingsDeclaration<any, any, any, any, S>;

/** Declares a settings record (identity function that infers and checks the types across its hooks). */
export function defineSettings<
  T,
  Stored = T,
  C = Partial<T>,
  St extends SettingsStorage<Stored> = SettingsStorage<Stored>,
  S = any,
>(declaration: SettingsDeclaration<T, Stored, C, St, S>): SettingsDeclaration<T, Stored, C, St, S> {
  return declaration;
}
