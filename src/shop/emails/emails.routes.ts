import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../platform/http/server.js';
import { EmailIdParams, EmailPreviewQuery, EmailPreviewSchema, ShopEmailSchema } from './emails.schemas.js';
import { type EmailDeps, listShopEmails, previewShopEmail } from './emails.service.js';

// As the e-mail settings (`wc/v3/settings/email_*`): WooCommerce's `manage_woocommerce`.
const AUTH = { access: 'capability', capability: 'manage_woocommerce', nonce: 'cookie' } as const;
const TAGS = ['shop: emails'];

/** `shop/v1/emails`: the list the admin's Emails screen shows, and each e-mail's rendered preview. */
export function registerEmailRoutes(app: RestApp, deps: EmailDeps): void {
  app.get(
    '/shop/v1/emails',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          "The shop's e-mails with their on/off state and recipients (settings: `wc/v3/settings/email_<id>`).",
        response: { 200: Type.Array(ShopEmailSchema) },
      },
    },
    () => listShopEmails(deps.ctx),
  );

  app.get(
    '/shop/v1/emails/:id/preview',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          'An e-mail rendered with its current settings for an order (default: the newest, else a sample).',
        params: EmailIdParams,
        querystring: EmailPreviewQuery,
        response: { 200: EmailPreviewSchema },
      },
    },
    (request) => previewShopEmail(deps, request.params.id, request.query.order_id),
  );
}
