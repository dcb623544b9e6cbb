import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerOrderReportRoutes } from './order-reports.routes.js';

/** What the admin's order screens read about statuses: counts per status and the allowed transitions. */
export function orderReportsPart(ctx: ShopContext): ShopPart {
  return { name: 'order-reports', routes: (app) => registerOrderReportRoutes(app, ctx) };
}
