import type { RestApp } from '../../../platform/http/server.js';
import { invalid, RateLimitedError } from '../../../platform/http/errors.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { hitClientLimit } from '../common/client-rate-limit.js';
import { CaptureBody, CaptureCreated, CaptureOk } from './capture.schemas.js';
import { captureCheckout } from './capture.service.js';

/** `POST /cartrecovery/v1/capture`: public; the rate limit runs before parsing, validation or any capture work. */
export function registerCaptureRoutes(app: RestApp, cr: CartRecovery): void {
  app.post(
    '/cartrecovery/v1/capture',
    {
      config: { auth: { access: 'public', nonce: 'cookie' } },
      onRequest: async (request) => {
        const limit = await hitClientLimit(cr, request, 'capture');
        if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
      },
      // The platform's Ajv coerces scalars into arrays; a cart must arrive as an object or an array.
      preValidation: async (request) => {
        const cart = (request.body as { cart?: unknown } | undefined)?.cart;
        if (cart !== undefined && (cart === null || typeof cart !== 'object')) {
          throw invalid('cart', 'type', 'cart must be an object or an array.');
        }
      },
      schema: {
        tags: ['cartrecovery'],
        summary: 'Capture (consent true) or withdraw (consent false) a checkout e-mail and cart.',
        body: CaptureBody,
        response: { 200: CaptureOk, 201: CaptureCreated },
      },
    },
    async (request, reply) => {
      const outcome = await captureCheckout(cr, request.principal, request.body);
      return reply.code(outcome.status).send(outcome.body);
    },
  );
}
