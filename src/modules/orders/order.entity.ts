import { Column, Entity, Generated, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, OneToMany } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import type { Cart } from '../carts/cart.entity';
import type { LineItem } from '../carts/line-item.entity';
import type { Currency } from '../currencies/currency.entity';
import type { Address } from '../customers/address.entity';
import type { Customer } from '../customers/customer.entity';
import type { Discount } from '../discounts/discount.entity';
import type { DraftOrder } from '../draft-orders/draft-order.entity';
import type { Fulfillment } from '../fulfillments/fulfillment.entities';
import type { GiftCard } from '../gift-cards/gift-card.entity';
import type { GiftCardTransaction } from '../gift-cards/gift-card-transaction.entity';
import type { Payment } from '../payments/payment.entity';
import type { Refund } from '../payments/refund.entity';
import type { Region } from '../regions/region.entity';
import type { SalesChannel } from '../sales-channels/sales-channel.entity';
import type { ShippingMethod } from '../shipping/shipping-method.entities';

export const ORDER_STATUSES = ['pending', 'completed', 'archived', 'canceled', 'requires_action'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const FULFILLMENT_STATUSES = [
  'not_fulfilled',
  'partially_fulfilled',
  'fulfilled',
  'partially_shipped',
  'shipped',
  'partially_returned',
  'returned',
  'canceled',
  'requires_action',
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];
export const PAYMENT_STATUSES = ['not_paid', 'awaiting', 'captured', 'partially_refunded', 'refunded', 'canceled', 'requires_action'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A placed order. Created once per cart (unique `cart_id`) inside the completion
 * transaction. The totals columns are a snapshot frozen at completion by the same
 * calculator that priced the cart, so what the shopper paid never drifts when rates,
 * prices or discounts change later.
 */
@Entity('order')
@Index('IDX_order_cart_id_unique', ['cart_id'], { unique: true, where: 'cart_id IS NOT NULL' })
@Index('IDX_order_created_at_id', { synchronize: false }) // migration ListOrderIndexes
@Index('IDX_order_email_trgm', { synchronize: false }) // migration OrderSearchIndexes
@Index('IDX_order_display_id_trgm', { synchronize: false }) // migration OrderSearchIndexes
@Index('IDX_order_shipping_address_id', { synchronize: false }) // migration OrderSearchIndexes
export class Order extends BaseEntity {
  static readonly idPrefix = 'order';

  @Column({ type: 'varchar', default: 'pending' })
  status: OrderStatus;

  @Column({ type: 'varchar', default: 'not_fulfilled' })
  fulfillment_status: FulfillmentStatus;

  @Column({ type: 'varchar', default: 'not_paid' })
  payment_status: PaymentStatus;

  /** Human-facing order number from the global sequence `order_display_id_seq`. */
  @Index('IDX_order_display_id')
  @Column()
  @Generated('increment')
  display_id: number;

  @Column({ type: 'varchar', nullable: true })
  cart_id: string | null;

  @ManyToOne('Cart')
  @JoinColumn({ name: 'cart_id', foreignKeyConstraintName: 'FK_order_cart_id' })
  cart?: Cart | null;

  @Index('IDX_order_customer_id')
  @Column({ type: 'varchar' })
  customer_id: string;

  @ManyToOne('Customer')
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'FK_order_customer_id' })
  customer?: Customer;

  @Column({ type: 'varchar' })
  email: string;

  @Column({ type: 'varchar', nullable: true })
  billing_address_id: string | null;

  @ManyToOne('Address')
  @JoinColumn({ name: 'billing_address_id', foreignKeyConstraintName: 'FK_order_billing_address_id' })
  billing_address?: Address | null;

  @Column({ type: 'varchar', nullable: true })
  shipping_address_id: string | null;

  @ManyToOne('Address')
  @JoinColumn({ name: 'shipping_address_id', foreignKeyConstraintName: 'FK_order_shipping_address_id' })
  shipping_address?: Address | null;

  @Index('IDX_order_region_id')
  @Column({ type: 'varchar' })
  region_id: string;

  @ManyToOne('Region')
  @JoinColumn({ name: 'region_id', foreignKeyConstraintName: 'FK_order_region_id' })
  region?: Region;

  @Index('IDX_order_currency_code')
  @Column({ type: 'varchar' })
  currency_code: string;

  @ManyToOne('Currency')
  @JoinColumn({ name: 'currency_code', referencedColumnName: 'code', foreignKeyConstraintName: 'FK_order_currency_code' })
  currency?: Currency;

  /** Legacy single-rate orders only; null selects tax lines (always null here). */
  @Column({ type: 'real', nullable: true })
  tax_rate: number | null;

  @ManyToMany('Discount')
  @JoinTable({
    name: 'order_discounts',
    joinColumn: { name: 'order_id', foreignKeyConstraintName: 'FK_order_discounts_order_id' },
    inverseJoinColumn: { name: 'discount_id', foreignKeyConstraintName: 'FK_order_discounts_discount_id' },
  })
  discounts?: Discount[];

  @ManyToMany('GiftCard')
  @JoinTable({
    name: 'order_gift_cards',
    joinColumn: { name: 'order_id', foreignKeyConstraintName: 'FK_order_gift_cards_order_id' },
    inverseJoinColumn: { name: 'gift_card_id', foreignKeyConstraintName: 'FK_order_gift_cards_gift_card_id' },
  })
  gift_cards?: GiftCard[];

  /** Loaded by OrdersService (the transaction entity declares no relation back). */
  gift_card_transactions?: GiftCardTransaction[];

  @OneToMany('ShippingMethod', (method: ShippingMethod) => method.order)
  shipping_methods?: ShippingMethod[];

  @OneToMany('Payment', (payment: Payment) => payment.order)
  payments?: Payment[];

  @OneToMany('LineItem', (item: LineItem) => item.order)
  items?: LineItem[];

  @OneToMany('Fulfillment', (fulfillment: Fulfillment) => fulfillment.order)
  fulfillments?: Fulfillment[];

  @OneToMany('Refund', (refund: Refund) => refund.order)
  refunds?: Refund[];

  /** Set by draft-order completion (the foreign key comes with the draft-orders migration). */
  @Index('IDX_order_draft_order_id')
  @Column({ type: 'varchar', nullable: true })
  draft_order_id: string | null;

  @ManyToOne('DraftOrder')
  @JoinColumn({ name: 'draft_order_id', foreignKeyConstraintName: 'FK_order_draft_order_id' })
  draft_order?: DraftOrder | null;

  @Index('IDX_order_sales_channel_id')
  @Column({ type: 'varchar', nullable: true })
  sales_channel_id: string | null;

  @ManyToOne('SalesChannel')
  @JoinColumn({ name: 'sales_channel_id', foreignKeyConstraintName: 'FK_order_sales_channel_id' })
  sales_channel?: SalesChannel | null;

  @Column({ type: 'timestamptz', nullable: true })
  canceled_at: Date | null;

  @Column({ type: 'boolean', nullable: true })
  no_notification: boolean | null;

  @Column({ type: 'varchar', nullable: true })
  idempotency_key: string | null;

  @Column({ type: 'varchar', nullable: true })
  external_id: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;

  // Totals frozen at completion (integer minor units; order semantics: tax_total
  // excludes the tax covered by gift cards).
  @Column({ type: 'int', default: 0 })
  subtotal: number;

  @Column({ type: 'int', default: 0 })
  discount_total: number;

  @Column({ type: 'int', default: 0 })
  shipping_total: number;

  @Column({ type: 'int', default: 0 })
  shipping_tax_total: number;

  @Column({ type: 'int', default: 0 })
  item_tax_total: number;

  @Column({ type: 'int', default: 0 })
  tax_total: number;

  @Column({ type: 'int', default: 0 })
  gift_card_total: number;

  @Column({ type: 'int', default: 0 })
  gift_card_tax_total: number;

  @Column({ type: 'int', default: 0 })
  total: number;
}
