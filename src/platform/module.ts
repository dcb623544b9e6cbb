import type { Role } from './auth/roles.js';
import type { MigrationSet } from './db/migrations.js';
import type { RestApp } from './http/server.js';
import type { JobHandler } from './jobs/job-queue.js';
import type { CliCommand } from './cli/cli-command.js';
import type { McpToolRegistry } from './mcp/mcp-tools.js';
import type { AnySettingsDeclaration } from './settings/define-settings.js';
import type { PrivacyEraser } from './privacy/privacy-erasers.js';

/**
 * One module of the app (the platform itself, the shop, or an extension), registered by the composition root.
 * `C` is the app context it is built from; `S` is its services container, built once per app by `services` and
 * handed to every hook (a module without `services` receives `C` itself).
 */
export interface AppModule<C, S = C> {
  /** Short name, also the migration table suffix (`loyalty`, `shop` …). */
  name: string;
  /** This module's own migrations (file name → migration), frozen once landed. */
  migrations: MigrationSet;
  /** REST namespaces this module owns; `validationStatus` 422 where its contract says so (default 400). */
  namespaces?: Array<{ namespace: string; validationStatus?: 400 | 422 }>;
  /** The module's admin screens and the capability they need: the boot object hands it to the browser. */
  admin?: { capability: string };
  /** Capabilities this module introduces and the roles that hold them by default. */
  capabilities?: Record<string, readonly Role[]>;
  /** Builds the module's services container; the platform calls it once per app, before any other hook. */
  services?: (ctx: C) => S;
  /** Its settings records (`defineSettings`): the platform builds each one's store and REST routes. */
  settings?: ReadonlyArray<AnySettingsDeclaration<S>>;
  /** Registers REST routes; paths are relative to `/wp-json` (e.g. `/loyalty/v1/ledger`). */
  routes?: (app: RestApp, services: S) => void | Promise<void>;
  /** Registers non-REST routes at the site root that are not storefront parts (e-mail links, MCP endpoints). */
  pages?: (app: RestApp, services: S) => void | Promise<void>;
  /** Adds the module's storefront parts: slot parts, Store API data, storefront pages and hooks. */
  storefront?: (app: RestApp, services: S) => void | Promise<void>;
  /** Subscribes to events. */
  subscribers?: (services: S) => void;
  /** Job handlers by hook name. */
  jobs?: (services: S) => Record<string, JobHandler>;
  /** Its personal-data erasers (WordPress's `wp_privacy_personal_data_erasers`), run by Tools → Erase Personal Data. */
  privacyErasers?: (services: S) => readonly PrivacyEraser[];
  /** Offers read routes as MCP tools. */
  mcp?: (tools: McpToolRegistry, services: S) => void;
  /** Runs once after migrations at start (e.g. ensure recurring jobs exist). */
  setup?: (services: S) => Promise<void>;
  /** Commands added to the `storeside` CLI (declared statically: help lists them without opening anything). */
  cli?: ReadonlyArray<CliCommand<S>>;
}
