import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { erasePersonalData, exportPersonalData } from './privacy.service.js';

/** `GET /privacy/export?email=` and `POST /privacy/erase {email}` (administrators). */
export function registerPrivacyRoutes(app: RestApp, cr: CartRecovery): void {
  const config = { auth: ADMIN_POLICY };
  app.get(
    '/cartrecovery/v1/privacy/export',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary:
          'Everything held for an e-mail address (sessions in any state, e-mails, events, suppression).',
        querystring: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) }),
        response: {
          200: Type.Object({
            email: Type.String(),
            suppressed: Type.Union([
              Type.Object({ source: Type.String(), created_at: Type.String() }),
              Type.Null(),
            ]),
            sessions: Type.Array(Type.Record(Type.String(), Type.Unknown())),
          }),
        },
      },
    },
    async (request) => exportPersonalData(cr, request.query.email),
  );
  app.post(
    '/cartrecovery/v1/privacy/erase',
    {
      config,
      schema: {
        tags: ['cartrecovery'],
        summary: 'Erase everything held for an e-mail address (the suppression hash only on request).',
        body: Type.Object(
          {
            email: Type.String({ minLength: 3, maxLength: 254 }),
            include_suppression: Type.Optional(Type.Boolean({ default: false })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ sessions_erased: Type.Integer(), suppression_erased: Type.Boolean() }),
        },
      },
    },
    async (request) =>
      erasePersonalData(cr, request.body.email, {
        includeSuppression: request.body.include_suppression === true,
      }),
  );
}
