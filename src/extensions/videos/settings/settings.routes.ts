import type { RestApp } from '../../../platform/http/server.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { doc, ok } from '../videos.schemas.js';
import type { VideosServices } from '../videos.services.js';
import { SettingsBody, SettingsReply, SettingsView } from './settings.schemas.js';

const config = { auth: ADMIN_POLICY };
const NS = '/videos/v1';

/** `GET` and `POST /videos/v1/settings`, `DELETE /videos/v1/settings/delete-all-data`. */
export function registerSettingsRoutes(app: RestApp, s: VideosServices): void {
  app.get(
    `${NS}/settings`,
    { config, schema: { ...doc('All settings (secrets masked)'), response: ok(SettingsView) } },
    async () => s.admin.current(),
  );

  app.post(
    `${NS}/settings`,
    { config, schema: { ...doc('Update settings'), body: SettingsBody, response: ok(SettingsReply) } },
    async (request) => s.admin.update(request.body as Record<string, unknown>),
  );

  app.delete(
    `${NS}/settings/delete-all-data`,
    { config, schema: { ...doc('Wipe all video data and restore defaults'), response: ok(SettingsReply) } },
    async () => s.admin.deleteAllData(),
  );
}
