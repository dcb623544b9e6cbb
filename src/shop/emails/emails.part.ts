import * as emailSendsMigration from '../migrations/2026-12-01T22-40-email-sends.js';
import type { PaymentGateways } from '../payments/payment-gateways.service.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerEmailRoutes } from './emails.routes.js';
import { SEND_EMAIL_HOOK, sendShopEmail } from './emails.service.js';
import { subscribeEmails } from './emails.subscribers.js';

/** The shop's e-mails (WooCommerce's order e-mails): sent through the job queue and the mail sender, previewed in the admin. */
export function emailsPart(ctx: ShopContext, deps: { gateways: PaymentGateways }): ShopPart {
  const emailDeps = { ctx, gateways: deps.gateways };
  return {
    name: 'emails',
    migrations: { '2026-12-01T22-40-email-sends': emailSendsMigration },
    routes(app) {
      registerEmailRoutes(app, emailDeps);
    },
    subscribers() {
      subscribeEmails(emailDeps);
    },
    jobs: () => ({ [SEND_EMAIL_HOOK]: (args) => sendShopEmail(emailDeps, args) }),
  };
}
