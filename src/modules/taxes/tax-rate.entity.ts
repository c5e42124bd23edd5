import { Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import { ProductType } from '../products/product-taxonomy.entities';
import { Product } from '../products/product.entity';
import { Region } from '../regions/region.entity';
import { ShippingOption } from '../shipping/shipping-option.entity';

/**
 * Medusa v1's TaxRate: a rate of one region that applies, instead of the region's rate, to
 * the products, product types and shipping options it is attached to (the join tables).
 * Not soft-deletable: Medusa deletes rates for good, their attachments with them.
 */
@Entity('tax_rate')
export class TaxRate extends BaseEntity {
  static readonly idPrefix = 'txr';

  /** Percent (25 = 25 %); Medusa allows none. */
  @Column({ type: 'real', nullable: true })
  rate: number | null;

  @Column({ type: 'varchar', nullable: true })
  code: string | null;

  @Column({ type: 'varchar' })
  name: string;

  @Index('IDX_tax_rate_region_id')
  @Column({ type: 'varchar' })
  region_id: string;

  @ManyToOne(() => Region, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'region_id' })
  region?: Region;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;

  @ManyToMany(() => Product)
  @JoinTable({ name: 'product_tax_rate', joinColumn: { name: 'rate_id' }, inverseJoinColumn: { name: 'product_id' } })
  products?: Product[];

  @ManyToMany(() => ProductType)
  @JoinTable({ name: 'product_type_tax_rate', joinColumn: { name: 'rate_id' }, inverseJoinColumn: { name: 'product_type_id' } })
  product_types?: ProductType[];

  @ManyToMany(() => ShippingOption)
  @JoinTable({ name: 'shipping_tax_rate', joinColumn: { name: 'rate_id' }, inverseJoinColumn: { name: 'shipping_option_id' } })
  shipping_options?: ShippingOption[];
}
