import { Type } from '@sinclair/typebox';
import { principalUser } from '../../../platform/auth/principal.js';
import { invalid } from '../../../platform/http/errors.js';
import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { isValidEmail } from '../common/email-address.js';
import { sendTestEmail, triggerTestSession } from './test-tools.service.js';

/** `POST /test/trigger` and `POST /test/email` (administrators). */
export function registerTestToolRoutes(app: RestApp, cr: CartRecovery): void {
  const config = { auth: ADMIN_POLICY };
  app.post(
    '/cartrecovery/v1/test/trigger',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary: 'Test Mode: create a dummy abandoned session for you with a first e-mail in ~30 s.',
        response: {
          200: Type.Object({ success: Type.Boolean(), session_id: Type.String(), message: Type.String() }),
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await triggerTestSession(cr, principalUser(request.principal)?.email ?? '')),
    }),
  );
  app.post(
    '/cartrecovery/v1/test/email',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary: 'Send a test e-mail, or a preview of step 1–3 with sample data.',
        body: Type.Object(
          {
            step: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
            email: Type.Optional(Type.String({ maxLength: 254 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ success: Type.Boolean(), message: Type.String() }) },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      if (body.email !== undefined && !isValidEmail(body.email))
        throw invalid('email', 'email', 'email must be a valid e-mail address.');
      const to = body.email?.trim() || principalUser(request.principal)?.email || cr.ctx.config.admin.email;
      return { success: true, ...(await sendTestEmail(cr, { to, step: body.step })) };
    },
  );
}
