import type { HttpClient } from '../../../platform/http-client/http-client.js';
import { encodeStripeForm } from './stripe-form.js';

/** Stripe's error body (`{"error": {type, code, message, param}}`) with the HTTP status it came with. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; message: string; param?: string },
  ) {
    super(error.message);
  }
}

/** A Stripe object as its API answers it. */
export type StripeObject = Record<string, any>;

/** Calls Stripe's API (`STRIPE_API_BASE`): Bearer secret key, form-encoded bodies, an optional Idempotency-Key. */
export class StripeClient {
  constructor(private readonly http: HttpClient) {}

  /** One call; a non-2xx answer throws StripeApiError, no answer at all throws OutboundError. */
  async call(input: {
    secretKey: string;
    method: 'GET' | 'POST';
    path: string;
    params?: Record<string, unknown>;
    idempotencyKey?: string;
  }): Promise<StripeObject> {
    const response = await this.http.request({
      service: 'STRIPE_API_BASE',
      path: input.path,
      method: input.method,
      headers: {
        authorization: `Bearer ${input.secretKey}`,
        ...(input.idempotencyKey ? { 'idempotency-key': input.idempotencyKey } : {}),
      },
      ...(input.method === 'POST' ? { body: encodeStripeForm(input.params ?? {}) } : {}),
      // A POST is retried only when an Idempotency-Key makes the retry safe.
      retries: input.method === 'GET' || input.idempotencyKey ? 2 : 0,
      timeoutMs: 15_000,
    });
    const body = response.json as StripeObject | null;
    if (response.status >= 200 && response.status < 300 && body) return body;
    const error = body?.error as StripeApiError['error'] | undefined;
    throw new StripeApiError(response.status, {
      type: error?.type ?? 'api_error',
      code: error?.code,
      message: error?.message ?? `Stripe answered ${response.status}.`,
      param: error?.param,
    });
  }
}
