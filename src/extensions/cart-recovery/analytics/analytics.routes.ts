import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import type { AnalyticsPeriod } from './analytics-cache.js';
import { AnalyticsQuery, AnalyticsReportSchema } from './analytics.schemas.js';
import { getAnalytics } from './analytics.service.js';

/** `GET /analytics?days=7|30|90` (administrators). */
export function registerAnalyticsRoutes(app: RestApp, cr: CartRecovery): void {
  app.get(
    '/cartrecovery/v1/analytics',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags: ['cartrecovery'],
        summary: 'Recovery analytics of the last 7, 30 or 90 days.',
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsReportSchema },
      },
    },
    async (request) =>
      getAnalytics(cr, (request.query.days ?? 30) as AnalyticsPeriod, request.query.window ?? 'current'),
  );
}
