import { defineExtension } from '../define-extension.js';
import { ADMIN_CAPABILITY } from './common/admin-policy.js';
import { loyaltyCli } from './cli/loyalty.cli.js';
import { cartExtensionView } from './customers/loyalty-customer.service.js';
import { loyaltyCustomerRoutes } from './customers/loyalty-customer.routes.js';
import { loyaltyShopAdminRoutes } from './earning/loyalty-shop-admin.routes.js';
import { loyaltyAdminRoutes } from './ledger/ledger-admin.routes.js';
import { loyaltyJobs, scheduleLoyaltyJobs } from './loyalty.jobs.js';
import { loyaltyServices } from './loyalty.services.js';
import { loyaltySubscribers } from './loyalty.subscribers.js';
import { registerLoyaltyMcpTools } from './mcp/loyalty.mcp.js';
import * as initial from './migrations/2026-11-22T07-00-loyalty.js';
import { loyaltyErasers } from './privacy/loyalty.erasers.js';
import { referralCapture } from './referrals/referral.pages.js';
import { LOYALTY_SETTINGS } from './settings/settings.js';
import { registerLoyaltyStorefront } from './storefront/loyalty.storefront.js';
import { registerRedeemForm } from './storefront/redeem-form.pages.js';

/** The loyalty points extension (`loyalty/v1`): ledger, adjustments, earning, redemption, tiers, referrals. */
export const loyaltyExtension = defineExtension({
  name: 'loyalty',
  migrations: { '2026-11-22T07-00-loyalty': initial },
  namespaces: [{ namespace: 'loyalty/v1', validationStatus: 422 }],
  admin: { capability: ADMIN_CAPABILITY },
  capabilities: { [ADMIN_CAPABILITY]: ['administrator'] },
  services: loyaltyServices,
  settings: [LOYALTY_SETTINGS],
  routes(app, { ctx }) {
    loyaltyAdminRoutes(app, ctx);
    loyaltyCustomerRoutes(app, ctx);
    loyaltyShopAdminRoutes(app, ctx);
  },
  mcp(tools) {
    registerLoyaltyMcpTools(tools);
  },
  storefront(app, { ctx }) {
    ctx.shop.registerCartExtension('loyalty', (cart) => cartExtensionView(ctx, cart));
    registerLoyaltyStorefront(ctx);
    referralCapture(app, ctx);
    registerRedeemForm(app, ctx);
  },
  subscribers({ ctx }) {
    loyaltySubscribers(ctx);
  },
  privacyErasers: ({ ctx }) => loyaltyErasers(ctx),
  jobs: ({ ctx }) => loyaltyJobs(ctx),
  setup: ({ ctx }) => scheduleLoyaltyJobs(ctx),
  cli: loyaltyCli,
});
