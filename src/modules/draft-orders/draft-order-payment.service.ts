import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { DataSource } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { Cart } from '../carts/cart.entity';
import { CartCheckoutService } from '../carts/cart-checkout.service';
import { CartCompletionService } from '../carts/cart-completion.service';
import { retrieveAdminOrder } from '../orders/admin-orders.query';
import { Order } from '../orders/order.entity';
import { linkOrderToDraft } from '../orders/orders.repository';
import { OrdersService } from '../orders/orders.service';
import { SYSTEM_PAYMENT_PROVIDER_ID } from '../payments/payment-provider.registry';
import { DraftOrder } from './draft-order.entity';
import { DraftOrdersQueryService } from './draft-orders-query.service';

/** Registering a draft's payment: the step that turns it into an order. */
@Injectable()
export class DraftOrderPaymentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly queries: DraftOrdersQueryService,
    private readonly checkout: CartCheckoutService,
    private readonly completion: CartCompletionService,
    private readonly orders: OrdersService,
  ) {}

  /**
   * Pays an open draft through the `system` provider and completes its cart into an order
   * through the carts module's completion (the same path as store checkout: discounts
   * consumed, gift cards debited, stock reserved, totals frozen, payment captured). Then,
   * in one transaction, the draft becomes completed (`order_id`, `completed_at`) and the
   * order records its draft and the draft's `no_notification_order`.
   * Exactly once: the cart row lock makes a second completion find the first order instead
   * of placing another, and the draft is marked by a conditional UPDATE (`status = 'open'`),
   * so of two concurrent payments one answers the order and the other 400, and a draft
   * already completed is refused before anything is written.
   */
  async registerPayment(id: string): Promise<Order> {
    const draft = await this.queries.find(id);
    if (draft.status !== 'open') throw alreadyPaid(id);
    const orderId = await this.complete(draft.cart_id, draft.id);
    await this.tx.run(async (manager) => {
      const marked = await manager
        .getRepository(DraftOrder)
        .update({ id, status: 'open' }, { status: 'completed', order_id: orderId, completed_at: () => 'now()' });
      if (!marked.affected) throw alreadyPaid(id);
      await linkOrderToDraft(manager, orderId, id, draft.no_notification_order);
    });
    // Medusa answers with the order as its admin shows it (defaultAdminOrdersRelations).
    return retrieveAdminOrder(this.orders, orderId);
  }

  /**
   * Pays the cart through the `system` provider (authorizes and captures at once) and
   * completes it into an order through the carts module's completion (the store's path).
   * A cart that is already completed is not completed again: completion answers its
   * existing order, so a retry after a failure past completion (or a race with another
   * payment) never places a second order. Returns the order id; completion's refusals
   * (empty cart, no customer, out of stock...) are rethrown with their type and message.
   */
  private async complete(cartId: string, draftId: string): Promise<string> {
    const cart = await this.dataSource.getRepository(Cart).findOne({ where: { id: cartId } });
    // A cart completed by an earlier attempt (or through the store) already has its order:
    // completion answers it, and a completed cart cannot take a payment session.
    if (!cart?.completed_at) await this.checkout.selectPaymentSession(cartId, SYSTEM_PAYMENT_PROVIDER_ID);
    // A fresh key per attempt: a recorded refusal (e.g. out of stock) must not be replayed
    // after the admin fixed the cause; the cart row lock is what prevents a second order.
    const key = `draft-order-pay:${draftId}:${randomUUID()}`;
    const { body } = await this.completion.complete(cartId, { key, method: 'POST', path: `/admin/draft-orders/${draftId}/pay` }, {});
    if (body.type === 'order' && 'data' in body) return (body.data as { id: string }).id;
    if ('message' in body) throw new ApiError(body.type as ApiErrorType, body.message, body.code);
    throw ApiError.notAllowed('The draft order payment could not be completed');
  }
}

function alreadyPaid(id: string): ApiError {
  return ApiError.notAllowed(`Draft order ${id} has already been paid`);
}
