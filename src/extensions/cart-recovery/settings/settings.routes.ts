import type { RestApp } from '../../../platform/http/server.js';
import { authorizeGateKeys } from '../agent/agent-permissions.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { MailDeliverySchema } from './mail-delivery.schemas.js';
import {
  CampaignPatchSchema,
  CampaignSchema,
  SettingsPatchSchema,
  SettingsSchema,
} from './settings.schemas.js';

/** `GET|POST /settings`, `GET /settings/mail` and `GET|POST /campaign` (`manage_shop`; gate keys need more). */
export function registerSettingsRoutes(app: RestApp, cr: CartRecovery): void {
  const config = { auth: ADMIN_POLICY };
  app.get(
    '/cartrecovery/v1/settings',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary: 'The whole cartrecovery_settings record.',
        response: { 200: SettingsSchema },
      },
    },
    async () => cr.settings.get(),
  );
  app.post(
    '/cartrecovery/v1/settings',
    {
      config,
      // Before validation, like every permission check: an agent gate key needs manage_access.
      preValidation: async (request) => authorizeGateKeys(request.principal, request.body),
      schema: {
        tags: ['cartrecovery'],
        summary:
          'Update some settings (validated; the agent gates need cartrecovery_agent_manage_access); returns the whole record.',
        body: SettingsPatchSchema,
        response: { 200: SettingsSchema },
      },
    },
    async (request) => cr.settings.update(request.body),
  );
  app.get(
    '/cartrecovery/v1/settings/mail',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary: 'Where recovery e-mails go: SMTP (SMTP_URL set) or the stored outbox.',
        response: { 200: MailDeliverySchema },
      },
    },
    async () => ({ transport: cr.ctx.config.smtpUrl ? ('smtp' as const) : ('outbox' as const) }),
  );
  app.get(
    '/cartrecovery/v1/campaign',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary: 'The campaign: enabled flag and three steps.',
        response: { 200: CampaignSchema },
      },
    },
    async () => cr.settings.campaign(),
  );
  app.post(
    '/cartrecovery/v1/campaign',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary: 'Update the campaign (steps merged by position, strictly increasing delays).',
        body: CampaignPatchSchema,
        response: { 200: CampaignSchema },
      },
    },
    async (request) => cr.settings.updateCampaign(request.body),
  );
}
