import { Injectable, Logger } from '@nestjs/common';
import { OrdersService } from '../../orders/orders.service';
import { StripeCartCompletion } from './stripe-cart-completion';
import { StripeOrderPayments } from './stripe-order-payments';

/** What the webhook's job carries of a Stripe event (the event itself is not kept). */
export interface StripeEventJob {
  event_id: string;
  type: string;
  intent_id: string;
  /** `metadata.cart_id`, else `metadata.resource_id` (where the intent was created for a cart). */
  cart_id: string | null;
  /** `last_payment_error.message`, for payment_failed. */
  failure: string | null;
}

/**
 * What a Stripe event does (reference 11.5): a succeeded intent completes its cart if no
 * order exists yet (the shopper closed the tab, or paid by redirect) and captures the order
 * if it is not captured; an intent ready to capture only completes; a failed one is logged.
 * A failure is thrown, so the queue retries the job (Medusa caught and logged it: never retried).
 */
@Injectable()
export class StripeEventProcessor {
  private readonly logger = new Logger(StripeEventProcessor.name);

  constructor(
    private readonly completion: StripeCartCompletion,
    private readonly orderPayments: StripeOrderPayments,
    private readonly orders: OrdersService,
  ) {}

  async process(job: StripeEventJob): Promise<void> {
    switch (job.type) {
      case 'payment_intent.succeeded': {
        const orderId = await this.orderOf(job);
        if (orderId) await this.orderPayments.captureOrder(orderId);
        return;
      }
      case 'payment_intent.amount_capturable_updated':
        await this.orderOf(job);
        return;
      case 'payment_intent.payment_failed':
        this.logger.error(`The payment of the payment intent ${job.intent_id} has failed\n${job.failure ?? ''}`);
        return;
    }
  }

  /** The cart's order, completing the cart first when it has none. */
  private async orderOf(job: StripeEventJob): Promise<string | null> {
    // Payment collections (resource ids `paycol_…`) do not exist here.
    if (!job.cart_id || !job.cart_id.startsWith('cart_')) return null;
    const existing = await this.orders.findIdByCart(job.cart_id);
    if (existing) return existing;
    const orderId = await this.completion.complete(job.cart_id, job.event_id);
    if (!orderId) this.logger.warn(`Stripe event ${job.event_id}: intent ${job.intent_id} names cart ${job.cart_id}, which does not exist here`);
    return orderId;
  }
}
