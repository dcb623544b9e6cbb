import type { Role } from '../platform/auth/roles.js';
import type { PlatformContext } from '../platform/context.js';
import type { MigrationSet } from '../platform/db/migrations.js';
import type { RestApp } from '../platform/http/server.js';
import type { JobHandler } from '../platform/jobs/job-queue.js';
import type { PrivacyEraser } from '../platform/privacy/privacy-erasers.js';
import type { ShopApi } from './shop-api.js';

/** What every shop part receives: the platform plus the assembled ShopApi (filled once all parts are built). */
export interface ShopContext extends PlatformContext {
  shop: ShopApi;
}

/** One step of `storeside demo`; must be idempotent (running it twice changes nothing). */
export type DemoStep = (io: { print: (line: string) => void }) => Promise<void>;

/**
 * One feature folder's contribution to the shop (catalog, customers, reviews, cart, checkout, orders …):
 * `createShop` merges every part into the shop module and spreads every `api` into the ShopApi.
 */
export interface ShopPart {
  /** Name used in messages (e.g. `catalog`). */
  name: string;
  /** Migrations of this part, merged into the `shop` module's set (names must sort in landing order). */
  migrations?: MigrationSet;
  /** Capabilities this part introduces, with their default roles. */
  capabilities?: Record<string, readonly Role[]>;
  /** Registers REST routes (paths relative to `/wp-json`). */
  routes?: (app: RestApp) => void | Promise<void>;
  /** Registers non-REST routes at the site root. */
  pages?: (app: RestApp) => void | Promise<void>;
  /** Subscribes to events. */
  subscribers?: () => void;
  /** Job handlers by hook name (prefix `shop.`). */
  jobs?: () => Record<string, JobHandler>;
  /** Runs once after migrations at start. */
  setup?: () => Promise<void>;
  /** Its personal-data erasers (merged into the shop module's `privacyErasers`). */
  privacyErasers?: () => readonly PrivacyEraser[];
  /** This part's step of the demo shop (`seedDemo`: run in part order, after which `shop.demo.seeded` is emitted). */
  demo?: DemoStep;
  /** The ShopApi functions this part implements. */
  api?: Partial<ShopApi>;
}
