import type { PlatformContext } from '../platform/context.js';
import type { AppModule } from '../platform/module.js';
import type { ShopApi } from './shop-api.js';

/** The built-in shop core: its module (tables, routes, events) and the API extensions use. */
export function createShop(_ctx: PlatformContext): { module: AppModule<PlatformContext>; api: ShopApi } {
  return { module: { name: 'shop', migrations: {}, namespaces: [] }, api: {} as ShopApi };
}
