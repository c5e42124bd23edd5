import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import type { Cart } from '../carts/cart.entity';
import { PaymentProvider } from '../regions/provider.entities';

export const PAYMENT_SESSION_STATUSES = ['pending', 'authorized', 'requires_more', 'error', 'canceled'] as const;
export type PaymentSessionStatus = (typeof PAYMENT_SESSION_STATUSES)[number];

/**
 * A cart's payment attempt with one provider. At most one per (cart, provider) and at
 * most one selected per cart. Unselected sessions hold `is_selected = null`, as in
 * Medusa v1 (clients check for `true`).
 */
@Entity('payment_session')
@Index('IDX_payment_session_cart_provider_unique', ['cart_id', 'provider_id'], { unique: true })
@Index('IDX_payment_session_cart_selected_unique', ['cart_id'], { unique: true, where: 'is_selected IS TRUE' })
export class PaymentSession extends BaseEntity {
  static readonly idPrefix = 'ps';

  @Index('IDX_payment_session_cart_id')
  @Column({ type: 'varchar' })
  cart_id: string;

  @ManyToOne('Cart', (cart: Cart) => cart.payment_sessions, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'cart_id', foreignKeyConstraintName: 'FK_payment_session_cart_id' })
  cart?: Cart;

  @Index('IDX_payment_session_provider_id')
  @Column({ type: 'varchar' })
  provider_id: string;

  @ManyToOne(() => PaymentProvider)
  @JoinColumn({ name: 'provider_id', foreignKeyConstraintName: 'FK_payment_session_provider_id' })
  provider?: PaymentProvider;

  @Column({ type: 'boolean', nullable: true })
  is_selected: boolean | null;

  @Column({ type: 'boolean', default: false })
  is_initiated: boolean;

  @Column({ type: 'varchar' })
  status: PaymentSessionStatus;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  @Column({ type: 'varchar', nullable: true })
  idempotency_key: string | null;

  @Column({ type: 'int', nullable: true })
  amount: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  payment_authorized_at: Date | null;
}
