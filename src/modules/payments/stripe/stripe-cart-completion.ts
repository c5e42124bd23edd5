import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../../common/database/transaction.runner';
import { ApiError } from '../../../common/errors/api-error';
import { CompletionRolledBack } from '../../carts/cart-completion.service';
import { CartCommands } from '../../carts/cart-commands';

/**
 * The webhook's way into checkout completion: the same completion a storefront's
 * POST /store/carts/:id/complete runs (one order per cart, under the cart's lock), under a
 * key the server makes up from the Stripe event id. Answers the order id, or throws so the
 * job is retried (and dead-lettered when completion keeps refusing).
 */
@Injectable()
export class StripeCartCompletion {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly carts: CartCommands,
  ) {}

  /** null: no such cart here (an intent of another system sharing the Stripe account). */
  async complete(cartId: string, eventId: string): Promise<string | null> {
    try {
      const placed = await this.tx.run((manager) => this.carts.complete(cartId, `stripe-${eventId}`, manager));
      return placed.order.id;
    } catch (err) {
      if (err instanceof ApiError && err.type === 'not_found') return null;
      if (err instanceof CompletionRolledBack) {
        // What the completion keeps (the session's new status) is written, then the job retries.
        if (err.keep) await this.tx.run(err.keep);
        throw new Error(`completing cart ${cartId} for Stripe event ${eventId}: ${err.result.kind}`, { cause: err });
      }
      throw err;
    }
  }
}
