import type { RestApp } from '../../../platform/http/server.js';
import type { ExtensionContext } from '../../define-extension.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { type LoyaltySettings, SettingsPatchSchema, SettingsSchema } from './settings.schemas.js';
import { updateSettings } from './settings.service.js';
import { readSettings } from './settings.store.js';

const tags = ['loyalty'];

/** `GET` and `POST /loyalty/v1/settings`. */
export function registerSettingsRoutes(app: RestApp, ctx: ExtensionContext): void {
  app.get(
    '/loyalty/v1/settings',
    {
      config: { auth: ADMIN_POLICY },
      schema: { tags, summary: 'The loyalty settings.', response: { 200: SettingsSchema } },
    },
    async () => readSettings(ctx.options),
  );

  app.post(
    '/loyalty/v1/settings',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: 'Changes some settings (partial object; unknown keys ignored); returns them all.',
        body: SettingsPatchSchema,
        response: { 200: SettingsSchema },
      },
    },
    async (request) => updateSettings(ctx.options, request.body as Partial<LoyaltySettings>),
  );
}
