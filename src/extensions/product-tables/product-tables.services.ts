import type { ExtensionContext } from '../define-extension.js';
import type { ActivityLogger } from './logs/activity-actor.js';
import { logActivity } from './logs/activity-log.service.js';

/** What every product-tables hook works with: the app context its service functions take, and the activity log. */
export interface ProductTablesServices {
  ctx: ExtensionContext;
  activity: ActivityLogger;
}

/** The product-tables services of one app (the platform builds them once). */
export function productTablesServices(ctx: ExtensionContext): ProductTablesServices {
  return { ctx, activity: (entry, actor, db) => logActivity(ctx, entry, actor, db) };
}
