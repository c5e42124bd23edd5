import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import type { Order } from '../orders/order.entity';
import type { ProductVariant } from '../products/product-variant.entity';
import type { Cart } from './cart.entity';
import type { LineItemAdjustment } from './line-item-adjustment.entity';
import type { LineItemTaxLine } from './line-item-tax-line.entity';

/**
 * A product variant in a cart, and after completion in its order too: the row keeps its
 * `cart_id` and gains an `order_id` (as in Medusa v1), so the order shows exactly what
 * was bought. Money is integer minor units.
 */
@Entity('line_item')
@Check('CHK_line_item_quantity_positive', 'quantity > 0')
@Check('CHK_line_item_unit_price_non_negative', 'unit_price >= 0')
export class LineItem extends BaseEntity {
  static readonly idPrefix = 'item';

  @Index('IDX_line_item_cart_id')
  @Column({ type: 'varchar', nullable: true })
  cart_id: string | null;

  @ManyToOne('Cart', (cart: Cart) => cart.items)
  @JoinColumn({ name: 'cart_id', foreignKeyConstraintName: 'FK_line_item_cart_id' })
  cart?: Cart | null;

  // Partial: cart rows (order_id IS NULL) are found through cart_id (migration OrderIdIndexesWithoutCartRows).
  @Index('IDX_line_item_order_id', { where: 'order_id IS NOT NULL' })
  @Column({ type: 'varchar', nullable: true })
  order_id: string | null;

  @ManyToOne('Order', (order: Order) => order.items)
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_line_item_order_id' })
  order?: Order | null;

  @OneToMany('LineItemTaxLine', (line: LineItemTaxLine) => line.item)
  tax_lines?: LineItemTaxLine[];

  @OneToMany('LineItemAdjustment', (adjustment: LineItemAdjustment) => adjustment.item)
  adjustments?: LineItemAdjustment[];

  // Medusa v1's links to claims, swaps and order edits, which this service does not have: always null.
  @Column({ type: 'varchar', nullable: true })
  claim_order_id: string | null;

  @Column({ type: 'varchar', nullable: true })
  swap_id: string | null;

  @Column({ type: 'varchar', nullable: true })
  order_edit_id: string | null;

  @Column({ type: 'varchar', nullable: true })
  original_item_id: string | null;

  @Column({ type: 'varchar' })
  title: string;

  @Column({ type: 'varchar', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', nullable: true })
  thumbnail: string | null;

  @Column({ type: 'boolean', default: false })
  is_return: boolean;

  @Column({ type: 'boolean', default: false })
  is_giftcard: boolean;

  @Column({ type: 'boolean', default: true })
  should_merge: boolean;

  @Column({ type: 'boolean', default: true })
  allow_discounts: boolean;

  @Column({ type: 'boolean', nullable: true })
  has_shipping: boolean | null;

  @Column({ type: 'int' })
  unit_price: number;

  @Index('IDX_line_item_variant_id')
  @Column({ type: 'varchar', nullable: true })
  variant_id: string | null;

  @ManyToOne('ProductVariant')
  @JoinColumn({ name: 'variant_id', foreignKeyConstraintName: 'FK_line_item_variant_id' })
  variant?: ProductVariant | null;

  @Column({ type: 'int' })
  quantity: number;

  @Column({ type: 'int', nullable: true })
  fulfilled_quantity: number | null;

  @Column({ type: 'int', nullable: true })
  returned_quantity: number | null;

  @Column({ type: 'int', nullable: true })
  shipped_quantity: number | null;

  /** Whether `unit_price` includes tax (the region's or currency's includes_tax when priced). */
  @Column({ type: 'boolean', default: false })
  includes_tax: boolean;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
