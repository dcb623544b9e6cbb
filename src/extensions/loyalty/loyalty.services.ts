import type { ExtensionContext } from '../define-extension.js';

/** What every loyalty hook works with: the app context its service functions take. */
export interface LoyaltyServices {
  ctx: ExtensionContext;
}

/** The loyalty services of one app (the platform builds them once). */
export function loyaltyServices(ctx: ExtensionContext): LoyaltyServices {
  return { ctx };
}
