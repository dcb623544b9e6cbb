import { defineExtension } from '../define-extension.js';
import { cartExtensionView } from './customers/loyalty-customer.service.js';
import { loyaltyAdminRoutes } from './ledger/ledger-admin.routes.js';
import { loyaltyCustomerRoutes } from './customers/loyalty-customer.routes.js';
import { loyaltyShopAdminRoutes } from './earning/loyalty-shop-admin.routes.js';
import { loyaltyCli } from './loyalty.cli.js';
import { registerLoyaltyMcpTools } from './loyalty.mcp.js';
import { loyaltyJobs, scheduleLoyaltyJobs } from './loyalty.jobs.js';
import { loyaltySubscribers } from './loyalty.subscribers.js';
import * as initial from './migrations/2026-11-22T07-00-loyalty.js';
import { referralCapture } from './referrals/referral.pages.js';
import { registerSettingsRoutes } from './settings/settings.routes.js';
import { registerLoyaltyStorefront } from './storefront/loyalty.storefront.js';
import { registerRedeemForm } from './storefront/redeem-form.pages.js';

/** The loyalty points extension (`loyalty/v1`): ledger, adjustments, earning, redemption, tiers, referrals. */
export const loyaltyExtension = defineExtension({
  name: 'loyalty',
  migrations: { '2026-11-22T07-00-loyalty': initial },
  namespaces: [{ namespace: 'loyalty/v1', validationStatus: 422 }],
  adminCapability: 'manage_loyalty',
  capabilities: { manage_loyalty: ['administrator'] },
  routes(app, ctx) {
    registerSettingsRoutes(app, ctx);
    loyaltyAdminRoutes(app, ctx);
    loyaltyCustomerRoutes(app, ctx);
    loyaltyShopAdminRoutes(app, ctx);
    registerLoyaltyMcpTools(ctx.mcpTools);
  },
  pages(app, ctx) {
    referralCapture(app, ctx);
    registerRedeemForm(app, ctx);
  },
  subscribers(ctx) {
    loyaltySubscribers(ctx);
    ctx.shop.registerCartExtension('loyalty', (cart) => cartExtensionView(ctx, cart));
    registerLoyaltyStorefront(ctx);
  },
  jobs: loyaltyJobs,
  setup: scheduleLoyaltyJobs,
  cli: loyaltyCli,
});
