import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { CartCommands } from '../carts/cart-commands';
import { CompletionRolledBack, PlacedOrder } from '../carts/cart-completion.service';
import { Order } from '../orders/order.entity';
import { linkOrderToDraft } from '../orders/orders.repository';
import { OrdersService } from '../orders/orders.service';
import { completeDraft, lockDraft } from './draft-orders.repository';

/** Registering a draft's payment: the step that turns it into an order. */
@Injectable()
export class DraftOrderPaymentService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly commands: CartCommands,
    private readonly orders: OrdersService,
  ) {}

  /**
   * Pays an open draft through the `system` provider and completes its cart into an order
   * through the carts module's completion (the same path as store checkout: discounts
   * consumed, gift cards debited, stock reserved, totals frozen, payment captured); the
   * draft becomes completed (`order_id`, `completed_at`) and the order records its draft
   * and the draft's `no_notification_order`. All in ONE transaction: a refusal (empty
   * cart, no customer, out of stock...) leaves nothing behind, and the draft and its order
   * commit together. Exactly once: the draft row is locked first (then the cart, the order
   * every draft operation uses), so of two concurrent payments the second finds the draft
   * completed (400); a cart the store already completed keeps its order, which the draft
   * then records.
   */
  async registerPayment(id: string): Promise<Order> {
    const orderId = await this.tx.run(async (manager) => {
      const draft = await lockDraft(manager, id);
      if (!draft) throw ApiError.notFound(`Draft order with ${id} was not found`);
      if (draft.status !== 'open') throw alreadyPaid(id);
      const { order } = await this.payAndComplete(draft.cart_id, id, manager);
      await completeDraft(manager, id, order.id);
      await linkOrderToDraft(manager, order.id, id, draft.no_notification_order);
      return order.id;
    });
    // Medusa answers with the order as its admin shows it (defaultAdminOrdersRelations).
    return this.orders.retrieveForAdmin(orderId);
  }

  /** The cart completed (CartCommands.payAndComplete); a completion that keeps nothing is refused with its reason. */
  private async payAndComplete(cartId: string, draftId: string, manager: EntityManager): Promise<PlacedOrder> {
    try {
      // Recorded on the cart, the order and the payment, as a store completion's Idempotency-Key is.
      return await this.commands.payAndComplete(cartId, `draft-order-pay:${draftId}:${randomUUID()}`, manager);
    } catch (err) {
      if (!(err instanceof CompletionRolledBack)) throw err;
      if (err.result.kind === 'out_of_stock') {
        throw ApiError.notAllowed(`Variant with id: ${err.result.variantId} does not have the required inventory`, 'insufficient_inventory');
      }
      // The system provider authorizes at once: a payment needing more is not expected here.
      throw ApiError.notAllowed('The draft order payment could not be completed');
    }
  }
}

function alreadyPaid(id: string): ApiError {
  return ApiError.notAllowed(`Draft order ${id} has already been paid`);
}
