import { Injectable } from '@nestjs/common';
import { ApiError } from '../../../common/errors/api-error';
import { CartCompletionService } from '../../carts/cart-completion.service';

/**
 * The webhook's way into checkout completion: the same completion a storefront's
 * POST /store/carts/:id/complete runs (one order per cart, under the cart's lock), under a
 * key the server makes up from the Stripe event id. Answers the order id, or throws so the
 * job is retried (and dead-lettered when completion keeps refusing).
 */
@Injectable()
export class StripeCartCompletion {
  constructor(private readonly completion: CartCompletionService) {}

  /** null: no such cart here (an intent of another system sharing the Stripe account). */
  async complete(cartId: string, eventId: string): Promise<string | null> {
    let result;
    try {
      result = await this.completion.complete(cartId, { key: `stripe-${eventId}`, method: 'POST', path: '/stripe/hooks', minted: true }, {});
    } catch (err) {
      if (err instanceof ApiError && err.type === 'not_found') return null;
      throw err;
    }
    const body = result.body as { type: string; data?: { id?: string }; message?: string };
    if (result.status !== 200 || body.type !== 'order' || !body.data?.id) {
      throw new Error(`completing cart ${cartId} for Stripe event ${eventId} answered ${result.status} ${body.type}${body.message ? `: ${body.message}` : ''}`);
    }
    return body.data.id;
  }
}
