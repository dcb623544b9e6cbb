import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { MailDeliverySchema } from './mail-delivery.schemas.js';

/** `GET /cartrecovery/v1/settings/mail`: where recovery e-mails go (`manage_shop`). */
export function registerMailDeliveryRoute(app: RestApp, cr: CartRecovery): void {
  app.get(
    '/cartrecovery/v1/settings/mail',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags: ['cartrecovery'],
        summary: 'Where recovery e-mails go: SMTP (SMTP_URL set) or the stored outbox.',
        response: { 200: MailDeliverySchema },
      },
    },
    async () => ({ transport: cr.ctx.config.smtpUrl ? ('smtp' as const) : ('outbox' as const) }),
  );
}
