import type { RestApp } from '../../../platform/http/server.js';
import { doc, LicenseBody, LicenseReply, ok } from '../videos.schemas.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import type { VideosServices } from '../videos.services.js';

/** Registers the `videos-pro/v1` license routes. */
export function registerLicenseRoutes(app: RestApp, s: VideosServices): void {
  const config = { auth: ADMIN_POLICY };
  app.post(
    '/videos-pro/v1/license/activate',
    {
      config,
      schema: {
        ...doc('Activate the add-on license', 'videos-pro'),
        body: LicenseBody,
        response: ok(LicenseReply),
      },
    },
    async (request) => s.license.activate(request.body.license_key.trim()),
  );
  app.post(
    '/videos-pro/v1/license/deactivate',
    {
      config,
      schema: { ...doc('Forget the license on this site', 'videos-pro'), response: ok(LicenseReply) },
    },
    async () => s.license.deactivate(),
  );
}
