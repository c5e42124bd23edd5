import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import type { Cart } from '../carts/cart.entity';
import { Currency } from '../currencies/currency.entity';
import type { Order } from '../orders/order.entity';
import { PaymentProvider } from '../regions/provider.entities';

/** An authorized (and possibly captured) payment, created when a cart completes. */
@Entity('payment')
@Check('CHK_payment_amount_non_negative', 'amount >= 0')
@Check('CHK_payment_refund_within_amount', 'amount_refunded >= 0 AND amount_refunded <= amount')
export class Payment extends BaseEntity {
  static readonly idPrefix = 'pay';

  @Index('IDX_payment_cart_id')
  @Column({ type: 'varchar', nullable: true })
  cart_id: string | null;

  @ManyToOne('Cart')
  @JoinColumn({ name: 'cart_id', foreignKeyConstraintName: 'FK_payment_cart_id' })
  cart?: Cart | null;

  @Index('IDX_payment_order_id')
  @Column({ type: 'varchar', nullable: true })
  order_id: string | null;

  @ManyToOne('Order', (order: Order) => order.payments)
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_payment_order_id' })
  order?: Order | null;

  @Column({ type: 'int' })
  amount: number;

  @Column({ type: 'varchar' })
  currency_code: string;

  @ManyToOne(() => Currency)
  @JoinColumn({ name: 'currency_code', referencedColumnName: 'code', foreignKeyConstraintName: 'FK_payment_currency_code' })
  currency?: Currency;

  @Column({ type: 'int', default: 0 })
  amount_refunded: number;

  @Column({ type: 'varchar' })
  provider_id: string;

  @ManyToOne(() => PaymentProvider)
  @JoinColumn({ name: 'provider_id', foreignKeyConstraintName: 'FK_payment_provider_id' })
  provider?: PaymentProvider;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  @Column({ type: 'timestamptz', nullable: true })
  captured_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  canceled_at: Date | null;

  @Column({ type: 'varchar', nullable: true })
  idempotency_key: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
