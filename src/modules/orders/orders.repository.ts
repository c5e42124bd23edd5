import { EntityManager } from 'typeorm';
import { insertStatement } from '../../common/database/row-writes';
import { Order } from './order.entity';

/**
 * Inserts a new order row and links it to the discounts and gift cards of the cart it is
 * placed from, in one statement (the foreign keys are checked at its end). The SQL of the
 * order row comes from the entity's metadata (row-writes: the checkout's hot write).
 */
export async function insertOrderFromCart(manager: EntityManager, order: Order, cartId: string): Promise<void> {
  const { sql, values } = insertStatement(manager, Order, [order]);
  const orderId = `$${values.length + 1}`;
  const cart = `$${values.length + 2}`;
  await manager.query(
    `WITH placed AS (${sql}),
          discounts AS (INSERT INTO order_discounts (order_id, discount_id) SELECT ${orderId}, discount_id FROM cart_discounts WHERE cart_id = ${cart})
     INSERT INTO order_gift_cards (order_id, gift_card_id) SELECT ${orderId}, gift_card_id FROM cart_gift_cards WHERE cart_id = ${cart}`,
    [...values, order.id, cartId],
  );
}

/** Records on an order placed from a draft which draft it came from, and the draft's notification choice. */
export async function linkOrderToDraft(manager: EntityManager, orderId: string, draftOrderId: string, noNotification: boolean | null): Promise<void> {
  await manager.getRepository(Order).update(orderId, { draft_order_id: draftOrderId, no_notification: noNotification });
}
