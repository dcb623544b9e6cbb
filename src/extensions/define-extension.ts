import type { PlatformContext } from '../platform/context.js';
import type { StoresideEvents } from '../platform/events/event-bus.js';
import type { AppModule } from '../platform/module.js';
import type { ShopApi } from '../shop/shop-api.js';

/** What every extension is built from: the platform plus the shop's public API. */
export interface ExtensionContext extends PlatformContext {
  shop: ShopApi;
}

/** The least an extension's services container holds: the app context it was built from. */
export interface ExtensionServices {
  ctx: ExtensionContext;
}

/** What `storeside demo` hands an extension's demo step (where to print, whether the outside fakes run). */
export type DemoSeeding = StoresideEvents['shop.demo.seeded'];

/**
 * An extension: one value registered by the composition root. `services` builds its typed container once per app;
 * every other hook receives that container.
 */
export interface Extension<S extends ExtensionServices = ExtensionServices>
  extends AppModule<ExtensionContext, S> {
  services: (ctx: ExtensionContext) => S;
  /** Adds the extension's demo data after `storeside demo` seeded the shop (idempotent; prints what it did). */
  demo?: (services: S, seeding: DemoSeeding) => Promise<void>;
}

/** Any extension, whatever its container (the composition root's lists hold these). */
export type AnyExtension = Extension<any>;

/** Declares an extension (identity function that infers and checks its container type across every hook). */
export function defineExtension<S extends ExtensionServices>(extension: Extension<S>): Extension<S> {
  return extension;
}
