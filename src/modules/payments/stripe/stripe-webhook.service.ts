import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/configuration';
import type { QueueJob } from '../../queue/consumer-loop';
import { QueueService } from '../../queue/queue.service';
import { STRIPE_CLIENT } from './stripe-client';
import { StripeEventProcessor, type StripeEventJob } from './stripe-event.processor';
import { markStripeEventProcessed, pruneStripeEvents, recordStripeEvent } from './stripe-webhook-events.repository';

const STRIPE_WEBHOOK_QUEUE = 'stripe-webhook';
const STRIPE_WEBHOOK_DEAD_LETTER_QUEUE = 'stripe-webhook-dead';

/** stripe-node's default, and Medusa's: a signature older than this is refused (replays). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The events acted upon (reference 11.5); every other type is answered OK and dropped. */
const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.amount_capturable_updated', 'payment_intent.payment_failed']);

/** A webhook refused before anything is recorded: Medusa's 400 `Webhook Error: <message>`. */
export class StripeWebhookRefusal extends Error {}

/**
 * POST /stripe/hooks: verifies Stripe's signature over the raw body, then records the event
 * id and enqueues its job in one transaction, so the answer 200 means the event will be
 * processed (retried on failure, dead-lettered when it keeps failing), once, however many
 * times and on however many instances it arrives. Only signed events are written (nothing
 * an anonymous client can make grow), in a queue of their own (shoppers' work never waits
 * behind them), and their ids are pruned after 30 days.
 */
@Injectable()
export class StripeWebhookService implements OnModuleInit {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly queue: QueueService,
    private readonly processor: StripeEventProcessor,
    @Optional() @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.stripe) return;
    await this.queue.define(STRIPE_WEBHOOK_DEAD_LETTER_QUEUE);
    await this.queue.define(STRIPE_WEBHOOK_QUEUE, { deadLetter: STRIPE_WEBHOOK_DEAD_LETTER_QUEUE });
    this.queue.work<StripeEventJob>(STRIPE_WEBHOOK_QUEUE, (job) => this.process(job));
  }

  /** The verified event, or a StripeWebhookRefusal with stripe-node's message. */
  verify(rawBody: unknown, signature: string | undefined): Stripe.Event {
    const secret = this.config.stripe?.webhookSecret;
    if (!this.stripe || !secret) throw new StripeWebhookRefusal('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
    try {
      // A JSON body arrives as its raw bytes (bootstrap.ts); any other type is refused by stripe-node as Medusa refuses it.
      return this.stripe.webhooks.constructEvent(rawBody as Buffer, signature ?? '', secret, SIGNATURE_TOLERANCE_SECONDS);
    } catch (err) {
      throw new StripeWebhookRefusal(err instanceof Error ? err.message : String(err));
    }
  }

  async accept(event: Stripe.Event): Promise<void> {
    if (!HANDLED.has(event.type)) return;
    const intent = event.data.object as Stripe.PaymentIntent;
    const job: StripeEventJob = {
      event_id: event.id,
      type: event.type,
      intent_id: intent.id,
      cart_id: intent.metadata?.cart_id ?? intent.metadata?.resource_id ?? null,
      failure: intent.last_payment_error?.message ?? null,
    };
    const queued = await this.dataSource.transaction(async (manager) => {
      if (!(await recordStripeEvent(manager, event.id, event.type))) return false;
      await this.queue.send(STRIPE_WEBHOOK_QUEUE, job, { manager });
      return true;
    });
    if (queued) this.queue.wake(STRIPE_WEBHOOK_QUEUE);
  }

  private async process(job: QueueJob<StripeEventJob>): Promise<void> {
    await this.processor.process(job.data);
    await markStripeEventProcessed(this.dataSource.manager, job.data.event_id);
    await pruneStripeEvents(this.dataSource.manager).catch((err: unknown) => this.logger.warn({ err }, 'pruning Stripe event ids failed'));
  }
}
