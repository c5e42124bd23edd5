import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { Product } from './product.entity';
import { MoneyAmount } from './money-amount.entity';
import { ProductOptionValue } from './product-option.entities';

@Entity('product_variant')
@Index('IDX_product_variant_sku_unique', ['sku'], { unique: true, where: 'deleted_at IS NULL AND sku IS NOT NULL' })
@Index('IDX_product_variant_barcode_unique', ['barcode'], { unique: true, where: 'deleted_at IS NULL AND barcode IS NOT NULL' })
@Index('IDX_product_variant_ean_unique', ['ean'], { unique: true, where: 'deleted_at IS NULL AND ean IS NOT NULL' })
@Index('IDX_product_variant_upc_unique', ['upc'], { unique: true, where: 'deleted_at IS NULL AND upc IS NOT NULL' })
@Index('IDX_product_variant_title_trgm', { synchronize: false }) // migration VariantSearchTrigramIndexes
@Index('IDX_product_variant_sku_trgm', { synchronize: false }) // migration VariantSearchTrigramIndexes
@Check('CHK_product_variant_inventory_non_negative_unless_backorder', 'inventory_quantity >= 0 OR allow_backorder')
export class ProductVariant extends SoftDeletableEntity {
  static readonly idPrefix = 'variant';

  @Column({ type: 'varchar' })
  title: string;

  @Index('IDX_product_variant_product_id')
  @Column({ type: 'varchar' })
  product_id: string;

  @ManyToOne('Product', (product: Product) => product.variants, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;

  @OneToMany(() => MoneyAmount, (price) => price.variant)
  prices?: MoneyAmount[];

  @Column({ type: 'varchar', nullable: true })
  sku: string | null;

  @Column({ type: 'varchar', nullable: true })
  barcode: string | null;

  @Column({ type: 'varchar', nullable: true })
  ean: string | null;

  @Column({ type: 'varchar', nullable: true })
  upc: string | null;

  @Column({ type: 'int', default: 0 })
  variant_rank: number;

  @Column({ type: 'int', default: 0 })
  inventory_quantity: number;

  @Column({ type: 'boolean', default: false })
  allow_backorder: boolean;

  @Column({ type: 'boolean', default: true })
  manage_inventory: boolean;

  @Column({ type: 'varchar', nullable: true })
  hs_code: string | null;

  @Column({ type: 'varchar', nullable: true })
  origin_country: string | null;

  @Column({ type: 'varchar', nullable: true })
  mid_code: string | null;

  @Column({ type: 'varchar', nullable: true })
  material: string | null;

  @Column({ type: 'int', nullable: true })
  weight: number | null;

  @Column({ type: 'int', nullable: true })
  length: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @OneToMany(() => ProductOptionValue, (value) => value.variant)
  options?: ProductOptionValue[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
