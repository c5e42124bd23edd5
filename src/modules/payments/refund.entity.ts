import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import { ApiError } from '../../common/errors/api-error';
import type { Order } from '../orders/order.entity';
import type { Payment } from './payment.entity';

/** Medusa v1's refund reasons (a database enum there; a check here). */
export const REFUND_REASONS = ['discount', 'return', 'swap', 'claim', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** A refund's amount: a negative one would take money (Medusa's validation lets it pass; refused here). */
export function assertRefundAmount(amount: number): void {
  if (amount < 0) throw ApiError.invalid('amount must not be less than 0');
}

/** `value` as a refund reason, or the 400 Medusa's payments route answers for another. */
export function refundReasonOf(value: string): RefundReason {
  if ((REFUND_REASONS as readonly string[]).includes(value)) return value as RefundReason;
  throw ApiError.invalid(`reason must be one of the following values: ${REFUND_REASONS.join(', ')}`);
}

/**
 * Money given back to the shopper: one row per refund request. Made through an order's
 * refund route it has no `payment_id` (the amount may have been spread over several
 * payments, Medusa's shape); made through `/admin/payments/:id/refund` it names the payment.
 * Append-only: the payments' `amount_refunded` is what limits further refunds.
 */
@Entity('refund')
@Check('CHK_refund_amount_non_negative', 'amount >= 0')
@Check('CHK_refund_reason', `reason IN ('discount', 'return', 'swap', 'claim', 'other')`)
export class Refund extends BaseEntity {
  static readonly idPrefix = 'ref';

  @Index('IDX_refund_order_id')
  @Column({ type: 'varchar', nullable: true })
  order_id: string | null;

  @ManyToOne('Order', (order: Order) => order.refunds)
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_refund_order_id' })
  order?: Order | null;

  @Index('IDX_refund_payment_id')
  @Column({ type: 'varchar', nullable: true })
  payment_id: string | null;

  @ManyToOne('Payment')
  @JoinColumn({ name: 'payment_id', foreignKeyConstraintName: 'FK_refund_payment_id' })
  payment?: Payment | null;

  @Column({ type: 'int' })
  amount: number;

  @Column({ type: 'varchar', nullable: true })
  note: string | null;

  @Column({ type: 'varchar' })
  reason: RefundReason;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;

  @Column({ type: 'varchar', nullable: true })
  idempotency_key: string | null;
}
