import { Check, Column, Entity, Generated, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import type { Cart } from '../carts/cart.entity';
import type { Order } from '../orders/order.entity';

export const DRAFT_ORDER_STATUSES = ['open', 'completed'] as const;
export type DraftOrderStatus = (typeof DRAFT_ORDER_STATUSES)[number];

/**
 * An order an admin takes by hand: a cart of type `draft_order` plus this record. It is
 * `open` while the admin edits the cart and becomes `completed` (with `order_id` and
 * `completed_at`) when its payment is registered. Hard-deleted like in Medusa v1 (no
 * `deleted_at`); display ids come from the draft's own sequence, independent of orders.
 */
@Entity('draft_order')
@Index('IDX_draft_order_created_at_id', { synchronize: false }) // migration ListOrderIndexes
@Check('CHK_draft_order_status', `status IN ('open', 'completed')`)
export class DraftOrder extends BaseEntity {
  static readonly idPrefix = 'dorder';

  @Column({ type: 'varchar', default: 'open' })
  status: DraftOrderStatus;

  /** Human-facing number from `draft_order_display_id_seq`. */
  @Index('IDX_draft_order_display_id')
  @Column()
  @Generated('increment')
  display_id: number;

  /** One draft per cart. */
  @Index('IDX_draft_order_cart_id_unique', { unique: true })
  @Column({ type: 'varchar' })
  cart_id: string;

  @ManyToOne('Cart')
  @JoinColumn({ name: 'cart_id', foreignKeyConstraintName: 'FK_draft_order_cart_id' })
  cart?: Cart;

  /** The order its payment created; one draft per order. */
  @Index('IDX_draft_order_order_id_unique', { unique: true })
  @Column({ type: 'varchar', nullable: true })
  order_id: string | null;

  @ManyToOne('Order')
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_draft_order_order_id' })
  order?: Order | null;

  @Column({ type: 'timestamptz', nullable: true })
  canceled_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  completed_at: Date | null;

  /** Copied to the order's `no_notification` when it is created. */
  @Column({ type: 'boolean', nullable: true })
  no_notification_order: boolean | null;

  @Column({ type: 'varchar', nullable: true })
  idempotency_key: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
