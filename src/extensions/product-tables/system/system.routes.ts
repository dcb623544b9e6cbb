import { readFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';
import type { ExtensionContext } from '../../define-extension.js';
import { ADMIN_ROUTE, NS } from '../common/admin-policy.js';
import { actorFromRequest } from '../logs/activity-actor.js';
import { tableCountsByStatus } from '../tables/tables.service.js';
import { completeOnboarding, isOnboarded } from './onboarding.service.js';

const tags = ['producttables'];
const VERSION: string = JSON.parse(
  readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
).version;

const SystemStatusSchema = Type.Object({
  version: Type.String(),
  wc_active: Type.Boolean({ description: 'The shop core is running (always true: it is built in).' }),
  table_count: Type.Integer(),
  tables_by_status: Type.Record(Type.String(), Type.Integer()),
  product_count: Type.Integer({ description: 'Published products.' }),
  database_engine: Type.String(),
  onboarding_completed: Type.Boolean(),
});

/** `GET /system/status` and `POST /system/onboard`. */
export function registerSystemRoutes(app: RestApp, ctx: ExtensionContext): void {
  app.get(
    `${NS}/system/status`,
    {
      config: ADMIN_ROUTE,
      schema: {
        tags,
        summary: 'Tables, products, versions and the onboarding flag.',
        response: { 200: SystemStatusSchema },
      },
    },
    async () => {
      const [byStatus, stats, onboarded] = await Promise.all([
        tableCountsByStatus(ctx),
        ctx.shop.catalogStats({ onSaleOnly: false }),
        isOnboarded(ctx),
      ]);
      return {
        version: VERSION,
        wc_active: true,
        table_count: Object.values(byStatus).reduce((a, b) => a + b, 0),
        tables_by_status: byStatus,
        product_count: stats.products,
        database_engine: ctx.engine,
        onboarding_completed: onboarded,
      };
    },
  );

  app.post(
    `${NS}/system/onboard`,
    {
      config: ADMIN_ROUTE,
      schema: {
        tags,
        summary: 'Marks onboarding completed.',
        response: { 200: Type.Object({ success: Type.Boolean() }) },
      },
    },
    async (request) => {
      await completeOnboarding(ctx, actorFromRequest(request));
      return { success: true };
    },
  );
}
