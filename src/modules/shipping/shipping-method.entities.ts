import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import type { Cart } from '../carts/cart.entity';
import type { Order } from '../orders/order.entity';
import { ShippingOption } from './shipping-option.entity';

/**
 * A shipping option chosen for a cart (and, after completion, for its order: the row
 * gains `order_id`). `price` is what the option charged when the method was added;
 * free shipping is applied by the totals calculator and never overwrites it (unlike
 * Medusa v1, which zeroed stored prices and could not always restore them).
 */
@Entity('shipping_method')
@Check('CHK_shipping_method_price_non_negative', 'price >= 0')
export class ShippingMethod extends BaseEntity {
  static readonly idPrefix = 'sm';

  @Index('IDX_shipping_method_shipping_option_id')
  @Column({ type: 'varchar' })
  shipping_option_id: string;

  @ManyToOne(() => ShippingOption)
  @JoinColumn({ name: 'shipping_option_id', foreignKeyConstraintName: 'FK_shipping_method_shipping_option_id' })
  shipping_option?: ShippingOption;

  // Partial: cart rows (order_id IS NULL) are found through cart_id (migration OrderIdIndexesWithoutCartRows).
  @Index('IDX_shipping_method_order_id', { where: 'order_id IS NOT NULL' })
  @Column({ type: 'varchar', nullable: true })
  order_id: string | null;

  @ManyToOne('Order', (order: Order) => order.shipping_methods)
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_shipping_method_order_id' })
  order?: Order | null;

  @Index('IDX_shipping_method_cart_id')
  @Column({ type: 'varchar', nullable: true })
  cart_id: string | null;

  @ManyToOne('Cart', (cart: Cart) => cart.shipping_methods)
  @JoinColumn({ name: 'cart_id', foreignKeyConstraintName: 'FK_shipping_method_cart_id' })
  cart?: Cart | null;

  // Medusa v1's links to claims, swaps and returns, which this service does not have: always null.
  @Column({ type: 'varchar', nullable: true })
  claim_order_id: string | null;

  @Column({ type: 'varchar', nullable: true })
  swap_id: string | null;

  @Column({ type: 'varchar', nullable: true })
  return_id: string | null;

  @OneToMany('ShippingMethodTaxLine', (line: ShippingMethodTaxLine) => line.shipping_method)
  tax_lines?: ShippingMethodTaxLine[];

  @Column({ type: 'int' })
  price: number;

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  @Column({ type: 'boolean', default: false })
  includes_tax: boolean;
}

/** A tax applied to a shipping method; persisted at completion, one per code. */
@Entity('shipping_method_tax_line')
@Index('IDX_shipping_method_tax_line_method_code_unique', ['shipping_method_id', 'code'], { unique: true })
export class ShippingMethodTaxLine extends BaseEntity {
  static readonly idPrefix = 'smtl';

  @Column({ type: 'real' })
  rate: number;

  @Column({ type: 'varchar' })
  name: string;

  @Column({ type: 'varchar', nullable: true })
  code: string | null;

  @Index('IDX_shipping_method_tax_line_method_id')
  @Column({ type: 'varchar' })
  shipping_method_id: string;

  @ManyToOne(() => ShippingMethod, (method) => method.tax_lines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shipping_method_id', foreignKeyConstraintName: 'FK_shipping_method_tax_line_method_id' })
  shipping_method?: ShippingMethod;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
