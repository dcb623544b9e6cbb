import type { ExtensionContext } from '../define-extension.js';

/** What every product-tables hook works with: the app context its service functions take. */
export interface ProductTablesServices {
  ctx: ExtensionContext;
}

/** The product-tables services of one app (the platform builds them once). */
export function productTablesServices(ctx: ExtensionContext): ProductTablesServices {
  return { ctx };
}
