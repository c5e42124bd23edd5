import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn } from 'typeorm';
import { BaseEntity, SoftDeletableEntity } from '../../common/database/base.entity';
import type { LineItem } from '../carts/line-item.entity';
import type { Order } from '../orders/order.entity';
import { FulfillmentProvider } from '../regions/provider.entities';

/**
 * Goods of an order prepared for shipping by a fulfilment provider (`manual` here). Its
 * items say how many of each line it holds; shipping it sets `shipped_at` and its tracking
 * links; cancelling it sets `canceled_at` (the lines' fulfilled quantities go back down).
 * `swap_id` and `claim_order_id` are Medusa's columns for swaps and claims, which this
 * service does not have: always null.
 */
@Entity('fulfillment')
export class Fulfillment extends BaseEntity {
  static readonly idPrefix = 'ful';

  @Index('IDX_fulfillment_order_id')
  @Column({ type: 'varchar', nullable: true })
  order_id: string | null;

  @ManyToOne('Order', (order: Order) => order.fulfillments)
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_fulfillment_order_id' })
  order?: Order | null;

  @Column({ type: 'varchar', nullable: true })
  swap_id: string | null;

  @Column({ type: 'varchar', nullable: true })
  claim_order_id: string | null;

  @Column({ type: 'varchar' })
  provider_id: string;

  @ManyToOne(() => FulfillmentProvider)
  @JoinColumn({ name: 'provider_id', foreignKeyConstraintName: 'FK_fulfillment_provider_id' })
  provider?: FulfillmentProvider;

  @Column({ type: 'varchar', nullable: true })
  location_id: string | null;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  /** Medusa's legacy column: always []; the numbers are the tracking links. */
  @Column({ type: 'jsonb', default: [] })
  tracking_numbers: string[];

  @Column({ type: 'timestamptz', nullable: true })
  shipped_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  canceled_at: Date | null;

  @Column({ type: 'boolean', nullable: true })
  no_notification: boolean | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;

  @Column({ type: 'varchar', nullable: true })
  idempotency_key: string | null;

  @OneToMany('FulfillmentItem', (item: FulfillmentItem) => item.fulfillment)
  items?: FulfillmentItem[];

  @OneToMany('TrackingLink', (link: TrackingLink) => link.fulfillment)
  tracking_links?: TrackingLink[];
}

/** How many units of one order line a fulfilment holds (Medusa's composite key, no id). */
@Entity('fulfillment_item')
@Check('CHK_fulfillment_item_quantity_positive', 'quantity > 0')
export class FulfillmentItem {
  @PrimaryColumn({ type: 'varchar' })
  fulfillment_id: string;

  @Index('IDX_fulfillment_item_item_id')
  @PrimaryColumn({ type: 'varchar' })
  item_id: string;

  @ManyToOne(() => Fulfillment, (fulfillment) => fulfillment.items)
  @JoinColumn({ name: 'fulfillment_id', foreignKeyConstraintName: 'FK_fulfillment_item_fulfillment_id' })
  fulfillment?: Fulfillment;

  @ManyToOne('LineItem')
  @JoinColumn({ name: 'item_id', foreignKeyConstraintName: 'FK_fulfillment_item_item_id' })
  item?: LineItem;

  @Column({ type: 'int' })
  quantity: number;
}

/** A tracking number of a shipped fulfilment (`url` is null through the API, as in Medusa). */
@Entity('tracking_link')
export class TrackingLink extends SoftDeletableEntity {
  static readonly idPrefix = 'tlink';

  @Index('IDX_tracking_link_fulfillment_id')
  @Column({ type: 'varchar' })
  fulfillment_id: string;

  @ManyToOne(() => Fulfillment, (fulfillment) => fulfillment.tracking_links)
  @JoinColumn({ name: 'fulfillment_id', foreignKeyConstraintName: 'FK_tracking_link_fulfillment_id' })
  fulfillment?: Fulfillment;

  @Column({ type: 'varchar' })
  tracking_number: string;

  @Column({ type: 'varchar', nullable: true })
  url: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;

  @Column({ type: 'varchar', nullable: true })
  idempotency_key: string | null;
}
