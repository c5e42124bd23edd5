import { Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, OneToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { Address } from '../customers/address.entity';
import type { Customer } from '../customers/customer.entity';
import type { Discount } from '../discounts/discount.entity';
import type { GiftCard } from '../gift-cards/gift-card.entity';
import type { Payment } from '../payments/payment.entity';
import type { PaymentSession } from '../payments/payment-session.entity';
import type { Region } from '../regions/region.entity';
import type { SalesChannel } from '../sales-channels/sales-channel.entity';
import type { ShippingMethod } from '../shipping/shipping-method.entities';
import type { LineItem } from './line-item.entity';

export const CART_TYPES = ['default', 'swap', 'draft_order', 'payment_link', 'claim'] as const;
export type CartType = (typeof CART_TYPES)[number];

/**
 * A shopper's basket. Its id is the shopper's key (unguessable ULID), as in Medusa v1.
 * Every mutation locks this row first (see CartLockService), so concurrent edits of one
 * cart serialize instead of losing updates.
 */
@Entity('cart')
export class Cart extends SoftDeletableEntity {
  static readonly idPrefix = 'cart';

  @Column({ type: 'varchar', nullable: true })
  email: string | null;

  @Index('IDX_cart_billing_address_id')
  @Column({ type: 'varchar', nullable: true })
  billing_address_id: string | null;

  @ManyToOne('Address')
  @JoinColumn({ name: 'billing_address_id', foreignKeyConstraintName: 'FK_cart_billing_address_id' })
  billing_address?: Address | null;

  @Index('IDX_cart_shipping_address_id')
  @Column({ type: 'varchar', nullable: true })
  shipping_address_id: string | null;

  @ManyToOne('Address')
  @JoinColumn({ name: 'shipping_address_id', foreignKeyConstraintName: 'FK_cart_shipping_address_id' })
  shipping_address?: Address | null;

  @OneToMany('LineItem', (item: LineItem) => item.cart)
  items?: LineItem[];

  @Index('IDX_cart_region_id')
  @Column({ type: 'varchar' })
  region_id: string;

  @ManyToOne('Region')
  @JoinColumn({ name: 'region_id', foreignKeyConstraintName: 'FK_cart_region_id' })
  region?: Region;

  @ManyToMany('Discount')
  @JoinTable({
    name: 'cart_discounts',
    joinColumn: { name: 'cart_id', foreignKeyConstraintName: 'FK_cart_discounts_cart_id' },
    inverseJoinColumn: { name: 'discount_id', foreignKeyConstraintName: 'FK_cart_discounts_discount_id' },
  })
  discounts?: Discount[];

  @ManyToMany('GiftCard')
  @JoinTable({
    name: 'cart_gift_cards',
    joinColumn: { name: 'cart_id', foreignKeyConstraintName: 'FK_cart_gift_cards_cart_id' },
    inverseJoinColumn: { name: 'gift_card_id', foreignKeyConstraintName: 'FK_cart_gift_cards_gift_card_id' },
  })
  gift_cards?: GiftCard[];

  @Index('IDX_cart_customer_id')
  @Column({ type: 'varchar', nullable: true })
  customer_id: string | null;

  @ManyToOne('Customer')
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'FK_cart_customer_id' })
  customer?: Customer | null;

  @OneToMany('PaymentSession', (session: PaymentSession) => session.cart)
  payment_sessions?: PaymentSession[];

  /** The payment authorized at completion. */
  @Index('IDX_cart_payment_id_unique', { unique: true, where: 'payment_id IS NOT NULL' })
  @Column({ type: 'varchar', nullable: true })
  payment_id: string | null;

  @ManyToOne('Payment')
  @JoinColumn({ name: 'payment_id', foreignKeyConstraintName: 'FK_cart_payment_id' })
  payment?: Payment | null;

  @OneToMany('ShippingMethod', (method: ShippingMethod) => method.cart)
  shipping_methods?: ShippingMethod[];

  @Column({ type: 'varchar', default: 'default' })
  type: CartType;

  @Column({ type: 'timestamptz', nullable: true })
  completed_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  payment_authorized_at: Date | null;

  @Column({ type: 'varchar', nullable: true })
  idempotency_key: string | null;

  @Column({ type: 'jsonb', nullable: true })
  context: Record<string, unknown> | null;

  @Index('IDX_cart_sales_channel_id')
  @Column({ type: 'varchar', nullable: true })
  sales_channel_id: string | null;

  @ManyToOne('SalesChannel')
  @JoinColumn({ name: 'sales_channel_id', foreignKeyConstraintName: 'FK_cart_sales_channel_id' })
  sales_channel?: SalesChannel | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
