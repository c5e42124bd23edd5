import { createHmac, randomBytes } from 'crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { parseStripeForm } from './form-body';

/**
 * A small local stand-in for Stripe's HTTP API (https://docs.stripe.com/api), for tests: no
 * machine here reaches Stripe, so the suite points the real `stripe` client at this server
 * (STRIPE_API_BASE_URL) and drives what a shopper does with Stripe.js through `confirm`.
 *
 * It models Stripe's documented behaviour for the calls a Medusa v1 shop makes (reference
 * 11.7), and nothing more:
 * - requests: form-encoded bodies with nested keys, `Authorization: Bearer <secret key>`
 *   (anything else: 401), `Idempotency-Key` on writes: the same key with the same
 *   parameters replays the first answer (header `Idempotent-Replayed: true`), with other
 *   parameters it is a 400 `idempotency_error`;
 * - objects: Customer, PaymentIntent (with its charge as `latest_charge`, expandable), Refund;
 * - the PaymentIntent state machine: created `requires_payment_method`; confirmed (by the
 *   test, as Stripe.js would) to `requires_capture` (manual capture) or `succeeded`
 *   (automatic), or to `requires_action`, `processing`, or back to `requires_payment_method`
 *   with `last_payment_error` (declined); capture only from `requires_capture`; cancel from
 *   `requires_payment_method`, `requires_confirmation`, `requires_action`, `requires_capture`,
 *   `processing`; amount updates only before confirmation; refunds only of a `succeeded`
 *   intent, up to what was received minus earlier refunds;
 * - errors: `{error: {type, code, message, param?, payment_intent?}}` with Stripe's statuses
 *   (400 for a refused request, 404 `resource_missing` for an unknown id), the intent
 *   embedded in `payment_intent_unexpected_state`;
 * - webhooks: `event` builds an event object and `sign` its `Stripe-Signature` header
 *   (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint secret>`).
 */

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

type Json = Record<string, unknown>;

export type ConfirmOutcome = 'succeeds' | 'requires_action' | 'declined' | 'processing';

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

const CANCELABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'processing']);
const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
const AMOUNT_UPDATABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export class StripeFake {
  readonly requests: FakeRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly intents = new Map<string, Json>();
  readonly charges = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  private server?: Server;
  private seq = 0;

  constructor(readonly apiKey = 'sk_test_fake') {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The requests that reached a path (method and path as `POST /v1/refunds`), in order. */
  calls(route: string): FakeRequest[] {
    return this.requests.filter((r) => `${r.method} ${r.path}` === route || (route.endsWith('*') && `${r.method} ${r.path}`.startsWith(route.slice(0, -1))));
  }

  intent(id: string): Json {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`the fake has no intent ${id}`);
    return intent;
  }

  /**
   * What Stripe.js's confirmCardPayment does for the shopper: a card that succeeds (3-D
   * Secure done if it was asked for), one asking for 3-D Secure, a declined card, or a
   * payment method that settles later.
   */
  confirm(intentId: string, outcome: ConfirmOutcome = 'succeeds'): Json {
    const intent = this.intent(intentId);
    if (!CONFIRMABLE.has(String(intent.status))) throw new Error(`intent ${intentId} cannot be confirmed from ${String(intent.status)}`);
    intent.last_payment_error = null;
    intent.next_action = null;
    if (outcome === 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
    } else if (outcome === 'declined') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    } else if (outcome === 'processing') {
      intent.status = 'processing';
    } else {
      const charge = this.newCharge(intent);
      intent.latest_charge = charge.id;
      if (intent.capture_method === 'manual') {
        intent.status = 'requires_capture';
        intent.amount_capturable = intent.amount;
      } else {
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        charge.captured = true;
      }
    }
    return intent;
  }

  /** A customer and an intent as the Medusa shop being imported had them made (no request recorded). */
  seedCustomer(email: string): Json {
    return this.createCustomer({ email });
  }

  seedIntent(params: { amount: number; currency: string; customer: string; cart_id: string; capture_method: 'manual' | 'automatic' }): Json {
    return this.createIntent({ ...params, amount: String(params.amount), metadata: { resource_id: params.cart_id } });
  }

  /** A webhook event about the intent as it is now. */
  event(type: string, intentId: string): Json {
    return {
      id: `evt_${this.nextId()}`,
      object: 'event',
      api_version: '2022-11-15',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: structuredClone(this.intent(intentId)) },
    };
  }

  /** The Stripe-Signature header Stripe sends with `payload` (the exact bytes posted). */
  static sign(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  private nextId(): string {
    return `${(++this.seq).toString(36).padStart(4, '0')}${randomBytes(8).toString('hex')}`;
  }

  private newCharge(intent: Json): Json {
    const charge = {
      id: `ch_${this.nextId()}`,
      object: 'charge',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intent.id,
      captured: false,
      outcome: { network_status: 'approved_by_network', risk_level: 'normal', risk_score: 32, type: 'authorized' },
      created: Math.floor(Date.now() / 1000),
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    const body = parseStripeForm(form);
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, headers: req.headers, body });
    const send = (status: number, payload: Json, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${this.nextId()}`,
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const key = req.headers['idempotency-key'];
    const fingerprint = `${method} ${url.pathname} ${form}`;
    if (method === 'POST' && typeof key === 'string') {
      const earlier = this.idempotent.get(key);
      if (earlier && earlier.fingerprint !== fingerprint) {
        send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
        return;
      }
      if (earlier) {
        send(earlier.status, earlier.body, true);
        return;
      }
    }
    let status = 200;
    let answer: Json;
    try {
      answer = this.route(method, url.pathname, body);
    } catch (err) {
      if (!(err instanceof StripeFailure)) throw err;
      status = err.status;
      answer = { error: err.error };
    }
    // Stripe keeps the answer of a request that was executed, success or refusal alike.
    if (method === 'POST' && typeof key === 'string') this.idempotent.set(key, { fingerprint, status, body: structuredClone(answer) });
    send(status, answer);
  }

  private route(method: string, path: string, body: Json): Json {
    const parts = path.split('/').filter(Boolean); // ['v1', resource, id?, action?]
    const [version, resource, id, action] = parts;
    if (version === 'v1' && resource === 'customers' && method === 'POST' && !id) return this.createCustomer(body);
    if (version === 'v1' && resource === 'payment_intents') {
      if (method === 'POST' && !id) return this.createIntent(body);
      if (method === 'GET' && id && !action) return this.expanded(this.existingIntent(id), body.expand as string[] | undefined);
      if (method === 'POST' && id && !action) return this.updateIntent(this.existingIntent(id), body);
      if (method === 'POST' && id && action === 'capture') return this.capture(this.existingIntent(id));
      if (method === 'POST' && id && action === 'cancel') return this.cancel(this.existingIntent(id));
    }
    if (version === 'v1' && resource === 'refunds' && method === 'POST' && !id) return this.createRefund(body);
    throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  private createCustomer(body: Json): Json {
    const customer = {
      id: `cus_${this.nextId()}`,
      object: 'customer',
      email: body.email ?? null,
      metadata: body.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createIntent(body: Json): Json {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw new StripeFailure(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer: amount' });
    if (typeof body.currency !== 'string')
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'currency',
        message: 'Missing required param: currency.',
      });
    if (body.customer !== undefined && !this.customers.has(String(body.customer))) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'customer',
        message: `No such customer: '${String(body.customer)}'`,
      });
    }
    const id = `pi_${this.nextId()}`;
    const automatic = body.automatic_payment_methods as Json | undefined;
    const intent: Json = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: body.currency,
      customer: body.customer ?? null,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      capture_method: body.capture_method ?? 'automatic',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      payment_method_types: (body.payment_method_types as string[] | undefined) ?? ['card'],
      automatic_payment_methods: automatic ? { enabled: automatic.enabled === 'true' } : null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      payment_method: null,
      receipt_email: null,
      setup_future_usage: null,
      canceled_at: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.intents.set(id, intent);
    return intent;
  }

  private existingIntent(id: string): Json {
    const intent = this.intents.get(id);
    if (!intent)
      throw new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${id}'` });
    return intent;
  }

  private expanded(intent: Json, expand: string[] | undefined): Json {
    const copy = structuredClone(intent);
    if (expand?.includes('latest_charge') && typeof intent.latest_charge === 'string')
      copy.latest_charge = structuredClone(this.charges.get(intent.latest_charge));
    return copy;
  }

  private unexpectedState(intent: Json, message: string): StripeFailure {
    return new StripeFailure(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message, payment_intent: structuredClone(intent) });
  }

  private updateIntent(intent: Json, body: Json): Json {
    if (body.amount !== undefined) {
      if (!AMOUNT_UPDATABLE.has(String(intent.status))) {
        throw this.unexpectedState(intent, `This PaymentIntent's amount could not be updated because it has a status of ${String(intent.status)}.`);
      }
      intent.amount = Number(body.amount);
    }
    for (const field of ['payment_method', 'receipt_email', 'setup_future_usage', 'description'] as const)
      if (body[field] !== undefined) intent[field] = body[field];
    if (body.metadata !== undefined) intent.metadata = { ...(intent.metadata as Json), ...(body.metadata as Json) };
    return intent;
  }

  private capture(intent: Json): Json {
    if (intent.status !== 'requires_capture') {
      throw this.unexpectedState(
        intent,
        `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.amount_capturable = 0;
    const charge = this.charges.get(String(intent.latest_charge));
    if (charge) charge.captured = true;
    return intent;
  }

  private cancel(intent: Json): Json {
    if (!CANCELABLE.has(String(intent.status))) {
      throw this.unexpectedState(
        intent,
        `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${[...CANCELABLE].join(', ')}.`,
      );
    }
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    intent.canceled_at = Math.floor(Date.now() / 1000);
    return intent;
  }

  private createRefund(body: Json): Json {
    const intentId = String(body.payment_intent ?? '');
    const intent = this.intents.get(intentId);
    if (!intent)
      throw new StripeFailure(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${intentId}'`,
      });
    if (intent.status !== 'succeeded') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      });
    }
    const refunded = [...this.refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + Number(r.amount), 0);
    const remaining = Number(intent.amount_received) - refunded;
    const amount = body.amount === undefined ? remaining : Number(body.amount);
    if (remaining === 0) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${String(intent.latest_charge)} has already been refunded.`,
      });
    }
    if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      });
    }
    const refund = {
      id: `re_${this.nextId()}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.latest_charge,
      metadata: body.metadata ?? {},
      reason: body.reason ?? null,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }
}
