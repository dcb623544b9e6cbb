import type { Role } from './auth/roles.js';
import type { MigrationSet } from './db/migrations.js';
import type { RestApp } from './http/server.js';
import type { JobHandler } from './jobs/job-queue.js';
import type { CliCommand } from './cli/cli-command.js';

/**
 * One module of the app (the platform itself, the shop, or an extension), registered by the composition root.
 * `C` is the context its handlers receive.
 */
export interface AppModule<C> {
  /** Short name, also the migration table suffix (`loyalty`, `shop` …). */
  name: string;
  /** This module's own migrations (file name → migration), frozen once landed. */
  migrations: MigrationSet;
  /** REST namespaces this module owns; `validationStatus` 422 where its contract says so (default 400). */
  namespaces?: Array<{ namespace: string; validationStatus?: 400 | 422 }>;
  /** The capability this module's admin screens need (modules without screens leave it out). */
  adminCapability?: string;
  /** Capabilities this module introduces and the roles that hold them by default. */
  capabilities?: Record<string, readonly Role[]>;
  /** Registers REST routes; paths are relative to `/wp-json` (e.g. `/loyalty/v1/ledger`). */
  routes?: (app: RestApp, ctx: C) => void | Promise<void>;
  /** Registers non-REST routes and hooks at the site root (storefront pages, e-mail links). */
  pages?: (app: RestApp, ctx: C) => void | Promise<void>;
  /** Subscribes to events. */
  subscribers?: (ctx: C) => void;
  /** Job handlers by hook name. */
  jobs?: (ctx: C) => Record<string, JobHandler>;
  /** Runs once after migrations at start (e.g. ensure recurring jobs exist). */
  setup?: (ctx: C) => Promise<void>;
  /** Commands added to the `storeside` CLI (declared statically: help lists them without opening anything). */
  cli?: ReadonlyArray<CliCommand<C>>;
}
