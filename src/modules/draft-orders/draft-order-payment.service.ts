import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { retrieveAdminOrder } from '../orders/admin-orders.query';
import { Order } from '../orders/order.entity';
import { linkOrderToDraft } from '../orders/orders.repository';
import { OrdersService } from '../orders/orders.service';
import { DraftCartService } from './draft-cart.service';
import { DraftOrder } from './draft-order.entity';
import { DraftOrderLoaderService } from './draft-order-loader.service';

/** Registering a draft's payment: the step that turns it into an order. */
@Injectable()
export class DraftOrderPaymentService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly loader: DraftOrderLoaderService,
    private readonly draftCarts: DraftCartService,
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
    const draft = await this.loader.find(id);
    if (draft.status !== 'open') throw alreadyPaid(id);
    const orderId = await this.draftCarts.complete(draft.cart_id, draft.id);
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
}

function alreadyPaid(id: string): ApiError {
  return ApiError.notAllowed(`Draft order ${id} has already been paid`);
}
