import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { LicenseService } from './license.service.js';

const LicenseViewSchema = Type.Object({
  status: Type.Union([
    Type.Literal('inactive'),
    Type.Literal('active'),
    Type.Literal('expired'),
    Type.Literal('invalid'),
  ]),
  key: Type.Union([
    Type.String({ description: 'Masked: only the last four characters shown.' }),
    Type.Null(),
  ]),
  slug: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  activated_at: Type.Union([Type.String(), Type.Null()]),
  last_checked_at: Type.Union([Type.String(), Type.Null()]),
  last_check_message: Type.Union([Type.String(), Type.Null()]),
});
const LicenseReply = Type.Object({ success: Type.Boolean(), license: LicenseViewSchema });

/** `POST /license/activate`, `GET /license/status`, `POST /license/deactivate` (administrators). */
export function registerLicenseRoutes(app: RestApp, cr: CartRecovery): void {
  const license = new LicenseService(cr);
  const config = { auth: ADMIN_POLICY };
  app.post(
    '/cartrecovery/v1/license/activate',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary: 'Activate a license key with the license server (fails closed).',
        body: Type.Object(
          { license_key: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9-]+$' }) },
          { additionalProperties: false },
        ),
        response: { 200: LicenseReply },
      },
    },
    async (request) => ({ success: true, license: await license.activate(request.body.license_key.trim()) }),
  );
  app.get(
    '/cartrecovery/v1/license/status',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary: 'The local license state (key masked).',
        response: { 200: LicenseReply },
      },
    },
    async () => ({ success: true, license: await license.status() }),
  );
  app.post(
    '/cartrecovery/v1/license/deactivate',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary: 'Remove the local license state.',
        response: { 200: LicenseReply },
      },
    },
    async () => ({ success: true, license: await license.deactivate() }),
  );
}
