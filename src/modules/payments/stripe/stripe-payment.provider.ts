import { randomUUID } from 'crypto';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../../config/configuration';
import { ApiError } from '../../../common/errors/api-error';
import type { PaymentContext, PaymentProviderPlugin, ProviderSession, StoredPayment, StoredSession } from '../providers/payment-provider.interface';
import type { StripeCustomerLinks } from './stripe-customer-links';
import { isStripeFailure, toApiError } from './stripe-errors';
import { sessionStatusOfIntent } from './stripe-intent-status';

/** One member of the `stripe…` family: its provider id and what its intents always carry. */
export interface StripeMethod {
  id: string;
  /** Fixed payment method types (the redirect methods); none for the card provider. */
  paymentMethodTypes?: string[];
}

/** The provider ids `medusa-payment-stripe` installs (reference 11.2). */
export const STRIPE_METHODS: readonly StripeMethod[] = [
  { id: 'stripe' },
  { id: 'stripe-ideal', paymentMethodTypes: ['ideal'] },
  { id: 'stripe-bancontact', paymentMethodTypes: ['bancontact'] },
  { id: 'stripe-blik', paymentMethodTypes: ['blik'] },
  { id: 'stripe-giropay', paymentMethodTypes: ['giropay'] },
  { id: 'stripe-przelewy24', paymentMethodTypes: ['p24'] },
];

export const STRIPE_PROVIDER_IDS: ReadonlySet<string> = new Set(STRIPE_METHODS.map((m) => m.id));

/** Intent fields a storefront may set through POST /store/carts/:id/payment-sessions/:provider_id. */
const SHOPPER_SETTABLE = new Set(['payment_method', 'receipt_email', 'setup_future_usage']);

/** Intent statuses in which the shopper's money is (or is being) taken: such an intent is never dropped. */
const COMMITTED = new Set(['requires_capture', 'succeeded', 'processing']);

type Intent = Stripe.PaymentIntent;

const asRecord = (intent: Intent): Record<string, unknown> => JSON.parse(JSON.stringify(intent)) as Record<string, unknown>;
const intentIdOf = (data: Record<string, unknown>): string | null => (typeof data.id === 'string' && data.id.startsWith('pi_') ? data.id : null);

/**
 * A Stripe payment provider, as `medusa-payment-stripe` 6 runs it: a session's data is the
 * PaymentIntent itself (the storefront reads `data.client_secret` and confirms it with
 * Stripe.js), authorizing reads the intent's status (table 11.4), capture and refund call
 * Stripe. Unlike Medusa: every write carries an Idempotency-Key; a refusal by Stripe to
 * cancel or refund is an error, never a recorded success; an intent replaced because the
 * cart's customer changed is canceled; the storefront's data update reaches the intent; an
 * authorized intent must charge the cart's total in its currency.
 */
export class StripePaymentProvider implements PaymentProviderPlugin {
  readonly id: string;
  /** Automatic capture: a confirmed intent has already taken the money. */
  readonly capturesOnAuthorize: boolean;
  private readonly captureMethod: 'automatic' | 'manual';

  constructor(
    private readonly method: StripeMethod,
    private readonly stripe: Stripe,
    private readonly config: StripeConfig,
    private readonly customerLinks: StripeCustomerLinks,
  ) {
    this.id = method.id;
    // The redirect methods (iDEAL …) cannot hold an authorization: Medusa always captures them at once.
    this.captureMethod = method.paymentMethodTypes || config.captureAutomatically ? 'automatic' : 'manual';
    this.capturesOnAuthorize = this.captureMethod === 'automatic';
  }

  async createSession(context: PaymentContext): Promise<ProviderSession> {
    const intent = await this.createIntent(context, await this.stripeCustomerOf(context));
    return { status: 'pending', data: asRecord(intent) };
  }

  async updateSession(session: StoredSession, context: PaymentContext): Promise<Record<string, unknown>> {
    const intentId = intentIdOf(session.data);
    if (!intentId) return (await this.createSession(context)).data;
    const customer = await this.stripeCustomerOf(context);
    if (customer && customer !== session.data.customer) {
      // Another customer: a new intent for them, and the old one canceled (Medusa left it open),
      // unless the shopper has already paid it, which is then kept.
      const old = await this.retrieveIntent(intentId, 'read the payment');
      if (COMMITTED.has(old.status)) return asRecord(old);
      const replacement = await this.createIntent(context, customer);
      await this.cancelIntent(intentId);
      return asRecord(replacement);
    }
    if (Math.round(context.amount) === session.data.amount && context.currency_code.toLowerCase() === session.data.currency) return session.data;
    try {
      return asRecord(await this.stripe.paymentIntents.update(intentId, { amount: Math.round(context.amount) }, { idempotencyKey: randomUUID() }));
    } catch (err) {
      throw toApiError(err, 'update the payment amount');
    }
  }

  async updateSessionData(session: StoredSession, data: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (data.amount !== undefined) throw ApiError.invalid('Cannot update amount, use updatePayment instead');
    const refused = Object.keys(data).filter((key) => !SHOPPER_SETTABLE.has(key));
    if (refused.length) throw ApiError.invalid(`Cannot update ${refused.join(', ')} of a Stripe payment; allowed: ${[...SHOPPER_SETTABLE].join(', ')}`);
    const intentId = intentIdOf(session.data);
    if (!intentId) throw ApiError.notAllowed('The Stripe payment session has not been initiated');
    try {
      return asRecord(await this.stripe.paymentIntents.update(intentId, data as Stripe.PaymentIntentUpdateParams, { idempotencyKey: randomUUID() }));
    } catch (err) {
      throw toApiError(err, 'update the payment');
    }
  }

  async authorize(session: StoredSession, context: PaymentContext): Promise<ProviderSession> {
    const intentId = intentIdOf(session.data);
    if (!intentId) return { status: 'pending', data: session.data };
    let intent = await this.retrieveIntent(intentId, 'read the payment');
    const status = sessionStatusOfIntent(intent.status);
    if (status === 'authorized' && (intent.amount !== Math.round(context.amount) || intent.currency !== context.currency_code.toLowerCase())) {
      // Money taken for another total (the cart changed after the shopper paid): never an order for it.
      throw ApiError.notAllowed(
        `The Stripe payment (${intent.amount} ${intent.currency}) does not match the cart total (${context.amount} ${context.currency_code})`,
        'payment_amount_mismatch',
      );
    }
    if (status === 'authorized' && this.capturesOnAuthorize && intent.status === 'requires_capture') {
      // An intent made for manual capture (before STRIPE_CAPTURE was turned on, or imported):
      // captured now, since a payment of this provider is recorded as captured.
      intent = await this.captureIntent(intent.id, `capture-${intent.id}`);
    }
    return { status, data: asRecord(intent) };
  }

  async deleteSession(session: StoredSession): Promise<void> {
    const intentId = intentIdOf(session.data);
    if (intentId) await this.cancelIntent(intentId);
  }

  async cancelPayment(paymentData: Record<string, unknown>): Promise<Record<string, unknown>> {
    const intentId = intentIdOf(paymentData);
    if (!intentId) throw ApiError.notAllowed('The payment has no Stripe payment intent');
    return asRecord(await this.cancelIntent(intentId));
  }

  async capturePayment(payment: StoredPayment, idempotencyKey: string): Promise<Record<string, unknown>> {
    const intentId = intentIdOf(payment.data);
    if (!intentId) throw ApiError.notAllowed('The payment has no Stripe payment intent');
    return asRecord(await this.captureIntent(intentId, idempotencyKey));
  }

  async refundPayment(payment: StoredPayment, amount: number, reason: string, idempotencyKey: string): Promise<Record<string, unknown>> {
    const intentId = intentIdOf(payment.data);
    if (!intentId) throw ApiError.notAllowed('The payment has no Stripe payment intent');
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create({ amount: Math.round(amount), payment_intent: intentId, metadata: { reason } }, { idempotencyKey });
    } catch (err) {
      throw toApiError(err, 'refund the payment');
    }
    if (refund.status === 'failed' || refund.status === 'canceled') throw ApiError.notAllowed(`Stripe refused the refund (${refund.status})`, 'refund_failed');
    return payment.data;
  }

  /** The intent as Stripe has it now (`expand`: e.g. `latest_charge` for its risk outcome). */
  async retrieveIntent(intentId: string, operation: string, expand?: string[]): Promise<Intent> {
    try {
      return await this.stripe.paymentIntents.retrieve(intentId, expand ? { expand } : undefined);
    } catch (err) {
      throw toApiError(err, operation);
    }
  }

  private async createIntent(context: PaymentContext, customer: string | null): Promise<Intent> {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: Math.round(context.amount),
      currency: context.currency_code.toLowerCase(),
      metadata: { resource_id: context.cart_id },
      capture_method: this.captureMethod,
      ...(customer ? { customer } : {}),
      ...(this.config.paymentDescription ? { description: this.config.paymentDescription } : {}),
      ...(this.method.paymentMethodTypes
        ? { payment_method_types: this.method.paymentMethodTypes }
        : this.config.automaticPaymentMethods
          ? { automatic_payment_methods: { enabled: true } }
          : {}),
    };
    try {
      return await this.stripe.paymentIntents.create(params, { idempotencyKey: randomUUID() });
    } catch (err) {
      throw toApiError(err, 'start the payment');
    }
  }

  /** Captures the whole capturable amount; an intent captured already (automatic capture, Stripe's dashboard, an earlier attempt) is that capture. */
  private async captureIntent(intentId: string, idempotencyKey: string): Promise<Intent> {
    try {
      return await this.stripe.paymentIntents.capture(intentId, {}, { idempotencyKey });
    } catch (err) {
      if (isStripeFailure(err) && err.code === 'payment_intent_unexpected_state' && err.payment_intent?.status === 'succeeded')
        return err.payment_intent as unknown as Intent;
      throw toApiError(err, 'capture the payment');
    }
  }

  /** Cancels an intent; one canceled already is fine, one the shopper has paid is refused. */
  private async cancelIntent(intentId: string): Promise<Intent> {
    try {
      return await this.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel-${intentId}` });
    } catch (err) {
      if (isStripeFailure(err) && err.code === 'payment_intent_unexpected_state' && err.payment_intent?.status === 'canceled')
        return err.payment_intent as unknown as Intent;
      throw toApiError(err, 'cancel the payment');
    }
  }

  /** The cart customer's Stripe customer, created (and linked) on first use, as Medusa does for guests too. */
  private async stripeCustomerOf(context: PaymentContext): Promise<string | null> {
    if (!context.customer_id) return null;
    const link = await this.customerLinks.lookup(context.customer_id);
    if (link?.stripeId) return link.stripeId;
    const params = { email: context.email ?? link?.email ?? undefined };
    let created: Stripe.Customer;
    try {
      // One Stripe customer per customer, even when two sessions start at once or the link could not be saved.
      created = await this.stripe.customers.create(params, { idempotencyKey: `customer-${context.customer_id}` });
    } catch (err) {
      // The key was used with another email within Stripe's 24 hours: a customer of its own.
      if (!isStripeFailure(err) || err.type !== 'StripeIdempotencyError') throw toApiError(err, 'register the customer');
      try {
        created = await this.stripe.customers.create(params, { idempotencyKey: randomUUID() });
      } catch (again) {
        throw toApiError(again, 'register the customer');
      }
    }
    if (link) await this.customerLinks.save(context.customer_id, created.id);
    return created.id;
  }
}
