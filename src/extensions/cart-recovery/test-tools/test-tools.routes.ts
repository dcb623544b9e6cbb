import { Type } from '@sinclair/typebox';
import { principalUser } from '../../../platform/auth/principal.js';
import { invalid } from '../../../platform/http/errors.js';
import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { isValidEmail } from '../common/email-address.js';
import { previewRecoveryEmail } from '../sequence/email-preview.js';
import {
  TemplateDraftSchema,
  TemplatePreviewBodySchema,
  TemplatePreviewSchema,
} from './templates.schemas.js';
import { sendTestEmail, triggerTestSession } from './test-tools.service.js';

/** `POST /test/trigger`, `POST /test/email` and `POST /templates/preview` (administrators). */
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
        summary: 'Send a test e-mail, or step 1–3 (saved or unsaved template) with sample data or a session.',
        body: Type.Object(
          {
            step: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
            email: Type.Optional(Type.String({ maxLength: 254 })),
            template: Type.Optional(TemplateDraftSchema),
            session_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
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
      if (body.step === undefined && (body.template || body.session_id))
        throw invalid('step', 'required', 'step is required with a template or a session.');
      const message = await sendTestEmail(cr, {
        to,
        step: body.step,
        template: body.template,
        sessionId: body.session_id,
      });
      return { success: true, ...message };
    },
  );
  app.post(
    '/cartrecovery/v1/templates/preview',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary:
          "Render a step's e-mail (its saved or an unsaved template) with sample data or a session's cart.",
        body: TemplatePreviewBodySchema,
        response: { 200: TemplatePreviewSchema },
      },
    },
    async (request) => {
      const { step, template, session_id } = request.body;
      const saved = (await cr.campaign.get()).steps[step - 1];
      return previewRecoveryEmail(cr, {
        template: template ?? saved,
        couponEnabled: saved.coupon_enabled,
        email: principalUser(request.principal)?.email || 'shopper@example.com',
        sessionId: session_id,
      });
    },
  );
}
