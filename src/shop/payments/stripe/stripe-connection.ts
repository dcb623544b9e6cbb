import type { Static } from '@sinclair/typebox';
import { invalid, RestError } from '../../../platform/http/errors.js';
import { OutboundError } from '../../../platform/http-client/http-client.js';
import { maskSecret } from '../gateway-secrets.js';
import type { GatewaySettings } from '../payment-gateway.js';
import type { StripeConnectionSchema } from './stripe-connection.schemas.js';
import { StripeApiError, type StripeClient } from './stripe-client.js';

/** The answer of a connection check. */
export type StripeConnection = Static<typeof StripeConnectionSchema>;

const KEY_SHAPE = /^(?:sk|rk)_(?:test|live)_[A-Za-z0-9_]+$/;

/**
 * Asks Stripe whether a secret key works (`GET /v1/account` with it as the Bearer key): the key typed in the
 * settings form, or the stored one when none (or its mask) is given. Nothing is stored; the key is never answered.
 */
export async function checkStripeConnection(input: {
  client: StripeClient;
  settings: GatewaySettings;
  secretKey?: string;
}): Promise<StripeConnection> {
  const stored = input.settings.secret_key ?? '';
  const given = input.secretKey?.trim() ?? '';
  const key = given === '' || given === maskSecret(stored) ? stored : given;
  if (key === '')
    throw invalid('secret_key', 'required', 'Enter the secret key (sk_test_… or sk_live_…) to check.', 400);
  if (!KEY_SHAPE.test(key))
    throw invalid(
      'secret_key',
      'regex',
      'A Stripe secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_.',
      400,
    );
  const base = { mode: key.includes('_live_') ? ('live' as const) : ('test' as const), key: maskSecret(key) };
  try {
    const account = await input.client.call({ secretKey: key, method: 'GET', path: '/v1/account' });
    return {
      ...base,
      connected: true,
      account: {
        id: String(account.id ?? ''),
        name: String(account.settings?.dashboard?.display_name || account.business_profile?.name || ''),
        country: String(account.country ?? ''),
        default_currency: String(account.default_currency ?? ''),
        charges_enabled: account.charges_enabled === true,
      },
      error: null,
    };
  } catch (error) {
    if (error instanceof StripeApiError)
      return { ...base, connected: false, account: null, error: refusal(error, key) };
    if (error instanceof OutboundError)
      throw new RestError('stripe_unreachable', 'Stripe did not answer; try again in a moment.', 502);
    throw error;
  }
}

// Stripe's reason, in words an owner can act on; Stripe's own message may quote the key, so it is masked here.
function refusal(error: StripeApiError, key: string): { code: string; message: string } {
  if (error.status === 401)
    return {
      code: 'invalid_api_key',
      message:
        'Stripe does not accept this secret key: check that it was copied whole from the Stripe dashboard.',
    };
  return {
    code: error.error.code ?? error.error.type,
    message: error.error.message.split(key).join(maskSecret(key)),
  };
}
