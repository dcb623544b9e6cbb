import type { RestApp } from '../../../src/platform/http/server.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import type { StoreNoticeServices } from '../store-notice.services.js';
import { type NoticeSettings, NoticeSettingsPatchSchema, NoticeSettingsSchema } from './settings.schemas.js';

const tags = ['store-notice'];

/** `GET` and `POST /storenotice/v1/settings`. */
export function registerSettingsRoutes(app: RestApp, { settings }: StoreNoticeServices): void {
  app.get(
    '/storenotice/v1/settings',
    {
      config: { auth: ADMIN_POLICY },
      schema: { tags, summary: 'The store notice settings.', response: { 200: NoticeSettingsSchema } },
    },
    async () => settings.read(),
  );

  app.post(
    '/storenotice/v1/settings',
    {
      config: { auth: ADMIN_POLICY },
      schema: {
        tags,
        summary: 'Changes some settings; returns them all.',
        body: NoticeSettingsPatchSchema,
        response: { 200: NoticeSettingsSchema },
      },
    },
    async (request) => settings.update(request.body as Partial<NoticeSettings>),
  );
}
