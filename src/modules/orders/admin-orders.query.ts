import type { Order } from './order.entity';
import type { OrdersService } from './orders.service';

/**
 * Draft orders' payment answers with the order it placed as the admin reads it. Kept as a
 * function here only because draft-order-payment.service.ts imports it: point that import
 * at OrdersService.retrieveForAdmin and delete this file.
 */
export function retrieveAdminOrder(orders: OrdersService, id: string, relations?: readonly string[]): Promise<Order> {
  return orders.retrieveForAdmin(id, relations);
}
