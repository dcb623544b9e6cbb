import { defineExtension } from '../define-extension.js';
import { loyaltyAdminRoutes } from './loyalty-admin.routes.js';
import * as initial from './migrations/2026-11-22T07-00-loyalty.js';

/** The loyalty points extension (`loyalty/v1`): ledger, adjustments, earning, redemption, tiers, referrals. */
export const loyaltyExtension = defineExtension({
  name: 'loyalty',
  migrations: { '2026-11-22T07-00-loyalty': initial },
  namespaces: [{ namespace: 'loyalty/v1', validationStatus: 422 }],
  capabilities: { manage_loyalty: ['administrator'] },
  routes(app, ctx) {
    loyaltyAdminRoutes(app, ctx);
  },
});
