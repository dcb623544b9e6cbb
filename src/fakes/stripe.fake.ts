import { createHmac, randomBytes } from 'node:crypto';
import { type FakeRequest, type FakeResponse, startFakeServer } from './fake-http-server.js';
import { parseStripeForm } from './stripe-form.js';

type StripeObject = Record<string, any>;

/** Card numbers the hosted page offers: one that pays, one Stripe declines. */
export const FAKE_CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/**
 * A protocol-true fake of Stripe over real HTTP: Bearer secret-key auth, form-encoded bodies in bracket notation,
 * `Idempotency-Key`, the keys' Account, Checkout Sessions with a hosted page (Pay, a declined card, Cancel),
 * PaymentIntents, Charges, Refunds and Events in Stripe's shapes and error shapes, and signed webhooks POSTed to the shop.
 */
export class FakeStripe {
  /** Secret keys accepted as `Authorization: Bearer …`. */
  readonly secretKeys = new Set(['sk_test_storeside_fake']);
  /** Where events are POSTed, and the endpoint secret signing them (null: none sent). */
  webhook: { url: string; secret: string } | null = null;
  /** While true, events wait instead of being POSTed (a slow endpoint); `releaseWebhooks` sends them. */
  holdWebhooks = false;
  /** While true, every API call answers 500 `api_error`, as Stripe does during an incident. */
  apiDown = false;
  readonly sessions = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly charges = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  readonly events: StripeObject[] = [];
  /** The account the keys belong to, as `GET /v1/account` answers it. */
  readonly account: StripeObject = {
    id: 'acct_1StoresideFake00',
    object: 'account',
    business_profile: { name: 'Storeside Fake Shop', support_email: null, url: null },
    business_type: 'company',
    capabilities: { card_payments: 'active', transfers: 'active' },
    charges_enabled: true,
    country: 'US',
    created: now(),
    default_currency: 'usd',
    details_submitted: true,
    email: 'owner@example.com',
    payouts_enabled: true,
    settings: { dashboard: { display_name: 'Storeside Fake Shop', timezone: 'Etc/UTC' } },
    type: 'standard',
  };
  /** API calls received: method, path, parsed form body, idempotency key. */
  readonly calls: Array<{
    method: string;
    path: string;
    body: Record<string, unknown>;
    idempotencyKey: string;
  }> = [];
  private readonly idempotent = new Map<string, { body: string; answer: FakeResponse }>();
  private readonly deliveries = new Set<Promise<void>>();
  private readonly held: StripeObject[] = [];
  private running: { origin: string; close(): Promise<void> } | null = null;

  /** The base URL (STRIPE_API_BASE) once started. */
  get origin(): string {
    if (!this.running) throw new Error('The Stripe fake is not running');
    return this.running.origin;
  }

  /** Starts listening; returns the base URL to put in STRIPE_API_BASE. */
  async start(port = 0): Promise<string> {
    this.running = await startFakeServer((request) => this.handle(request), port);
    return this.running.origin;
  }

  /** Stops listening (after the webhooks on their way). */
  async stop(): Promise<void> {
    await this.flush();
    await this.running?.close();
    this.running = null;
  }

  /** Waits until every webhook sent so far was answered. */
  async flush(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }

  /** Answers one request: the API under `/v1`, the hosted payment page under `/c/pay`. */
  async handle(request: FakeRequest): Promise<FakeResponse | null> {
    if (request.path.startsWith('/c/pay/')) return this.hostedPage(request);
    if (!request.path.startsWith('/v1/')) return null;
    if (this.apiDown)
      return stripeError(500, 'api_error', 'An unknown error occurred; try again in a moment.');
    const auth = String(request.headers.authorization ?? '');
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!this.secretKeys.has(key))
      return stripeError(
        401,
        'invalid_request_error',
        key
          ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
          : 'You did not provide an API key.',
      );
    const body = parseStripeForm(request.body);
    const idempotencyKey = String(request.headers['idempotency-key'] ?? '');
    this.calls.push({ method: request.method, path: request.path, body, idempotencyKey });
    if (request.method === 'POST' && idempotencyKey) {
      const seen = this.idempotent.get(idempotencyKey);
      if (seen && seen.body !== request.body)
        return stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
        );
      if (seen) return { ...seen.answer, headers: { ...seen.answer.headers, 'idempotent-replayed': 'true' } };
      const answer = this.route(request, body);
      this.idempotent.set(idempotencyKey, { body: request.body, answer });
      return answer;
    }
    return this.route(request, body);
  }

  /** Pays a session as a shopper clicking Pay would (succeeds the PaymentIntent, sends the events). */
  pay(sessionId: string): StripeObject {
    const session = this.sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error(`Session ${sessionId} is not open`);
    const intent = this.intentFor(session, 'succeeded');
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      paid: true,
      refunded: false,
      status: 'succeeded',
      payment_intent: intent.id,
      metadata: { ...session.metadata },
      refunds: { object: 'list', data: [], has_more: false },
      created: now(),
    };
    this.charges.set(charge.id, charge);
    Object.assign(intent, { latest_charge: charge.id, amount_received: charge.amount });
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    this.emit('payment_intent.succeeded', intent);
    this.emit('checkout.session.completed', session);
    return session;
  }

  /** A declined card: the PaymentIntent records the failure, the session stays open for another card. */
  decline(sessionId: string): StripeObject {
    const session = this.sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error(`Session ${sessionId} is not open`);
    const intent = this.intentFor(session, 'requires_payment_method');
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    };
    this.emit('payment_intent.payment_failed', intent);
    return session;
  }

  /** Expires an open session (as Stripe does after 24 h), sending `checkout.session.expired`. */
  expire(sessionId: string): StripeObject {
    const session = this.sessions.get(sessionId);
    if (session?.status !== 'open') throw new Error(`Session ${sessionId} is not open`);
    session.status = 'expired';
    this.emit('checkout.session.expired', session);
    return session;
  }

  /** A refund made in the Stripe dashboard (outside the shop): refunds the charge and sends `charge.refunded`. */
  refundOutside(paymentIntentId: string, amount?: number): StripeObject {
    const answer = this.refund({
      payment_intent: paymentIntentId,
      ...(amount ? { amount: String(amount) } : {}),
    });
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    return answer.body as StripeObject;
  }

  /** Signs a payload as Stripe does: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
  static sign(payload: string, secret: string, timestamp = now()): string {
    const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  /** Sends the events held back while `holdWebhooks` was on (in order) and stops holding; resolves once answered. */
  async releaseWebhooks(): Promise<void> {
    this.holdWebhooks = false;
    for (const event of this.held.splice(0)) await this.deliver(event);
  }

  /** POSTs an event to the webhook endpoint again (a retry, or out of order). */
  resend(event: StripeObject): Promise<number> {
    return this.deliver(event);
  }

  private route(request: FakeRequest, body: Record<string, any>): FakeResponse {
    const { method, path } = request;
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(body);
    let match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (method === 'GET' && match) return found(this.sessions.get(match[1]!), 'checkout.session', match[1]!);
    match = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path);
    if (method === 'POST' && match) {
      const session = this.sessions.get(match[1]!);
      if (!session) return missing('checkout.session', match[1]!);
      if (session.status !== 'open')
        return stripeError(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired.`,
        );
      return { status: 200, body: this.expire(session.id) };
    }
    match = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && match)
      return found(this.paymentIntents.get(match[1]!), 'payment_intent', match[1]!);
    if (method === 'POST' && path === '/v1/refunds') return this.refund(body);
    match = /^\/v1\/refunds\/([\w]+)$/.exec(path);
    if (method === 'GET' && match) return found(this.refunds.get(match[1]!), 'refund', match[1]!);
    match = /^\/v1\/events\/([\w]+)$/.exec(path);
    if (method === 'GET' && match)
      return found(
        this.events.find((e) => e.id === match![1]),
        'event',
        match[1]!,
      );
    if (method === 'GET' && path === '/v1/events')
      return {
        status: 200,
        body: { object: 'list', url: '/v1/events', has_more: false, data: [...this.events].reverse() },
      };
    if (method === 'GET' && path === '/v1/account') return { status: 200, body: this.account };
    if (method === 'GET' && path === '/v1/balance')
      return { status: 200, body: { object: 'balance', livemode: false, available: [], pending: [] } };
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createSession(body: Record<string, any>): FakeResponse {
    for (const param of ['success_url', 'mode'] as const)
      if (!body[param])
        return stripeError(
          400,
          'invalid_request_error',
          `Missing required param: ${param}.`,
          'parameter_missing',
          param,
        );
    const lines = (body.line_items ?? []) as Array<Record<string, any>>;
    if (!Array.isArray(lines) || lines.length === 0)
      return stripeError(
        400,
        'invalid_request_error',
        'Missing required param: line_items.',
        'parameter_missing',
        'line_items',
      );
    let amount = 0;
    let currency = '';
    for (const [i, line] of lines.entries()) {
      const unit = Number(line.price_data?.unit_amount);
      const quantity = Number(line.quantity ?? 1);
      if (!Number.isInteger(unit) || unit < 0)
        return stripeError(
          400,
          'invalid_request_error',
          'Invalid integer: unit_amount',
          'parameter_invalid_integer',
          `line_items[${i}][price_data][unit_amount]`,
        );
      if (!line.price_data?.product_data?.name)
        return stripeError(
          400,
          'invalid_request_error',
          'Missing required param: line_items[0][price_data][product_data][name].',
          'parameter_missing',
          `line_items[${i}][price_data][product_data][name]`,
        );
      amount += unit * quantity;
      currency = String(line.price_data.currency ?? '').toLowerCase();
    }
    const session = {
      id: id('cs_test'),
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      client_reference_id: body.client_reference_id ?? null,
      customer_email: body.customer_email ?? null,
      metadata: body.metadata ?? {},
      payment_intent: null as string | null,
      payment_intent_data: body.payment_intent_data ?? {},
      line_items_given: lines,
      success_url: body.success_url,
      cancel_url: body.cancel_url ?? null,
      url: '',
      created: now(),
      expires_at: now() + 86_400,
      livemode: false,
    };
    session.url = `${this.origin}/c/pay/${session.id}`;
    this.sessions.set(session.id, session);
    return { status: 200, body: publicSession(session) };
  }

  private refund(body: Record<string, any>): FakeResponse {
    const intentId = String(body.payment_intent ?? '');
    const charge =
      (body.charge ? this.charges.get(String(body.charge)) : undefined) ??
      [...this.charges.values()].find((c) => c.payment_intent === intentId);
    if (!intentId && !body.charge)
      return stripeError(
        400,
        'invalid_request_error',
        'One of the following params should be provided for this request: payment_intent or charge.',
        'parameter_missing',
        'payment_intent',
      );
    if (!charge) {
      if (this.paymentIntents.has(intentId))
        return stripeError(
          400,
          'invalid_request_error',
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          'charge_not_refundable',
          'payment_intent',
        );
      return missing('payment_intent', intentId);
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0)
      return stripeError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has already been refunded.`,
        'charge_already_refunded',
      );
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return stripeError(
        400,
        'invalid_request_error',
        'Invalid positive integer',
        'parameter_invalid_integer',
        'amount',
      );
    if (amount > left)
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount_too_large',
        'amount',
      );
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      status: 'succeeded',
      reason: body.reason ?? null,
      metadata: body.metadata ?? {},
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    charge.refunds.data.unshift(refund);
    this.emit('charge.refunded', charge);
    return { status: 200, body: refund };
  }

  private intentFor(session: StripeObject, status: string): StripeObject {
    const existing = session.payment_intent ? this.paymentIntents.get(session.payment_intent) : undefined;
    const intent = existing ?? {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      metadata: { ...(session.payment_intent_data?.metadata ?? {}) },
      latest_charge: null,
      last_payment_error: null,
      created: now(),
    };
    intent.status = status;
    this.paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  // The hosted Checkout page: GET shows it, POST acts on the button pressed.
  private async hostedPage(request: FakeRequest): Promise<FakeResponse> {
    const sessionId = request.path.slice('/c/pay/'.length);
    const session = this.sessions.get(sessionId);
    if (!session)
      return {
        status: 404,
        body: page('Not found', '<p>This payment page does not exist.</p>'),
        headers: HTML,
      };
    if (request.method === 'POST') {
      const action = new URLSearchParams(request.body).get('action');
      if (action === 'cancel' && session.cancel_url) return redirect(session.cancel_url);
      if (session.status !== 'open') return { status: 200, body: closedPage(session), headers: HTML };
      if (action === 'pay') {
        this.pay(session.id);
        await this.flush();
        return redirect(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id));
      }
      if (action === 'decline') {
        this.decline(session.id);
        return {
          status: 402,
          body: paymentPage(session, 'Your card was declined. Try another card.'),
          headers: HTML,
        };
      }
    }
    if (session.status !== 'open') return { status: 200, body: closedPage(session), headers: HTML };
    return { status: 200, body: paymentPage(session, ''), headers: HTML };
  }

  private emit(type: string, object: StripeObject): void {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2024-06-20',
      created: now(),
      livemode: false,
      pending_webhooks: this.webhook ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(publicObject(object)) },
    };
    this.events.push(event);
    if (this.webhook && this.holdWebhooks) this.held.push(event);
    else if (this.webhook) void this.deliver(event);
  }

  private deliver(event: StripeObject): Promise<number> {
    const target = this.webhook;
    if (!target) return Promise.resolve(0);
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    const sent = fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': FakeStripe.sign(payload, target.secret),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    })
      .then((r) => {
        status = r.status;
        return r.text();
      })
      .then(
        () => undefined,
        () => undefined,
      );
    this.deliveries.add(sent);
    return sent.then(() => {
      this.deliveries.delete(sent);
      return status;
    });
  }
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function stripeError(
  status: number,
  type: string,
  message: string,
  code?: string,
  param?: string,
): FakeResponse {
  return {
    status,
    body: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } },
  };
}

function missing(kind: string, key: string): FakeResponse {
  return stripeError(404, 'invalid_request_error', `No such ${kind}: '${key}'`, 'resource_missing', 'id');
}

function found(object: StripeObject | undefined, kind: string, key: string): FakeResponse {
  return object ? { status: 200, body: publicObject(object) } : missing(kind, key);
}

function publicObject(object: StripeObject): StripeObject {
  return object.object === 'checkout.session' ? publicSession(object) : object;
}

// A session without the fields the fake keeps for itself.
function publicSession(session: StripeObject): StripeObject {
  const { line_items_given: _lines, payment_intent_data: _data, ...visible } = session;
  return visible;
}

function redirect(location: string): FakeResponse {
  return { status: 303, headers: { location }, body: '' };
}

function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

function money(session: StripeObject): string {
  return `${(session.amount_total / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
}

function paymentPage(session: StripeObject, error: string): string {
  const lines = (session.line_items_given as Array<Record<string, any>>)
    .map((l) => `<li>${escapeHtml(l.price_data.product_data.name)} × ${escapeHtml(l.quantity ?? 1)}</li>`)
    .join('');
  return page(
    'Pay — Stripe test mode',
    `<h1>Pay ${escapeHtml(money(session))}</h1><p>Test mode: no real card is charged.</p><ul>${lines}</ul>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post"><fieldset><legend>Card</legend>
<p><button type="submit" name="action" value="pay">Pay with ${FAKE_CARDS.pays}</button></p>
<p><button type="submit" name="action" value="decline">Pay with ${FAKE_CARDS.declined} (declined)</button></p>
</fieldset>
${session.cancel_url ? '<p><button type="submit" name="action" value="cancel">Cancel and go back</button></p>' : ''}
</form>`,
  );
}

function closedPage(session: StripeObject): string {
  return page(
    'Payment page closed',
    `<h1>${session.status === 'complete' ? 'Already paid' : 'This payment page has expired'}</h1>`,
  );
}
