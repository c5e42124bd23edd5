import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { Product } from './product.entity';
import type { ProductVariant } from './product-variant.entity';

@Entity('product_option')
export class ProductOption extends SoftDeletableEntity {
  static readonly idPrefix = 'opt';

  @Column({ type: 'varchar' })
  title: string;

  @Index('IDX_product_option_product_id')
  @Column({ type: 'varchar' })
  product_id: string;

  @ManyToOne('Product', (product: Product) => product.options, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;

  @OneToMany('ProductOptionValue', (value: ProductOptionValue) => value.option)
  values?: ProductOptionValue[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}

@Entity('product_option_value')
export class ProductOptionValue extends SoftDeletableEntity {
  static readonly idPrefix = 'optval';

  @Column({ type: 'varchar' })
  value: string;

  @Index('IDX_product_option_value_option_id')
  @Column({ type: 'varchar' })
  option_id: string;

  @ManyToOne(() => ProductOption, (option) => option.values, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'option_id' })
  option?: ProductOption;

  @Index('IDX_product_option_value_variant_id')
  @Column({ type: 'varchar' })
  variant_id: string;

  @ManyToOne('ProductVariant', (variant: ProductVariant) => variant.options, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id' })
  variant?: ProductVariant;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
