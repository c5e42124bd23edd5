import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { Cart } from '../carts/cart.entity';
import type { ShippingOption } from '../shipping/shipping-option.entity';

/**
 * A shipping option at a price an admin set for one cart (Medusa v1's `cso_`): created
 * when a draft order's shipping method carries a custom `price`, so the cart records why
 * its method does not cost what the option says. At most one per (option, cart).
 */
@Entity('custom_shipping_option')
@Index('IDX_custom_shipping_option_option_cart_unique', ['shipping_option_id', 'cart_id'], { unique: true })
@Check('CHK_custom_shipping_option_price_non_negative', 'price >= 0')
export class CustomShippingOption extends SoftDeletableEntity {
  static readonly idPrefix = 'cso';

  /** Integer minor units. */
  @Column({ type: 'int' })
  price: number;

  @Index('IDX_custom_shipping_option_shipping_option_id')
  @Column({ type: 'varchar' })
  shipping_option_id: string;

  @ManyToOne('ShippingOption')
  @JoinColumn({ name: 'shipping_option_id', foreignKeyConstraintName: 'FK_custom_shipping_option_shipping_option_id' })
  shipping_option?: ShippingOption;

  @Index('IDX_custom_shipping_option_cart_id')
  @Column({ type: 'varchar', nullable: true })
  cart_id: string | null;

  @ManyToOne('Cart')
  @JoinColumn({ name: 'cart_id', foreignKeyConstraintName: 'FK_custom_shipping_option_cart_id' })
  cart?: Cart | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
