import type { EntityManager } from 'typeorm';
import { Payment } from './payment.entity';

/**
 * The payment-row writes after checkout. Each is a conditional UPDATE, so that whatever
 * the caller read earlier, a payment is captured once, canceled once, and never refunded
 * beyond what was captured and not yet given back (the CHECK on amount_refunded is the
 * last line; these conditions keep it from ever firing).
 */

/** The payments of an order, oldest first, locked (the order's row lock is taken first: lock order order → payments). */
export async function lockPaymentsOfOrder(manager: EntityManager, orderId: string): Promise<Payment[]> {
  return manager.getRepository(Payment).find({ where: { order_id: orderId }, order: { created_at: 'ASC', id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
}

/** One payment, locked; null when unknown. */
export async function lockPayment(manager: EntityManager, id: string): Promise<Payment | null> {
  return manager.getRepository(Payment).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
}

/** Records a capture unless one is already recorded. True when this call recorded it. */
export async function recordCapture(manager: EntityManager, id: string, data: Record<string, unknown>): Promise<boolean> {
  const rows = (await manager.query(
    `UPDATE payment SET captured_at = now(), data = $2, updated_at = now() WHERE id = $1 AND captured_at IS NULL RETURNING id`,
    [id, JSON.stringify(data)],
  )) as [unknown[], number];
  return rows[1] > 0;
}

/**
 * Adds `amount` to a captured payment's refunded amount, only while it stays within the
 * captured amount. True when recorded; false when the payment is not captured or has too
 * little left (the caller refuses the refund).
 */
export async function recordRefund(manager: EntityManager, id: string, amount: number, data: Record<string, unknown>): Promise<boolean> {
  const rows = (await manager.query(
    `UPDATE payment SET amount_refunded = amount_refunded + $2, data = $3, updated_at = now()
      WHERE id = $1 AND captured_at IS NOT NULL AND amount - amount_refunded >= $2 RETURNING id`,
    [id, amount, JSON.stringify(data)],
  )) as [unknown[], number];
  return rows[1] > 0;
}

/** Records a cancellation unless one is already recorded. */
export async function recordCancel(manager: EntityManager, id: string, data: Record<string, unknown>): Promise<boolean> {
  const rows = (await manager.query(
    `UPDATE payment SET canceled_at = now(), data = $2, updated_at = now() WHERE id = $1 AND canceled_at IS NULL RETURNING id`,
    [id, JSON.stringify(data)],
  )) as [unknown[], number];
  return rows[1] > 0;
}
