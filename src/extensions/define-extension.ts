import type { PlatformContext } from '../platform/context.js';
import type { AppModule } from '../platform/module.js';
import type { ShopApi } from '../shop/shop-api.js';

/** What every extension handler receives: the platform plus the shop's public API. */
export interface ExtensionContext extends PlatformContext {
  shop: ShopApi;
}

/** An extension: one value registered by the composition root. */
export type Extension = AppModule<ExtensionContext>;

/** Declares an extension (identity function that fixes the context type). */
export function defineExtension(extension: Extension): Extension {
  return extension;
}
