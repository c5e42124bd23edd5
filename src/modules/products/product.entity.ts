import { Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, OneToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { ProductCategory } from '../product-categories/product-category.entity';
import { ProductCollection } from '../collections/product-collection.entity';
import { SalesChannel } from '../sales-channels/sales-channel.entity';
import { ShippingProfile } from '../shipping/shipping-profile.entity';
import { ProductOption } from './product-option.entities';
import { Image, ProductTag, ProductType } from './product-taxonomy.entities';
import { ProductVariant } from './product-variant.entity';

export type ProductStatus = 'draft' | 'proposed' | 'published' | 'rejected';

@Entity('product')
@Index('IDX_product_handle_unique', ['handle'], { unique: true, where: 'deleted_at IS NULL' })
@Index('IDX_product_created_at_id', { synchronize: false }) // migration ListOrderIndexes
@Index('IDX_product_title_trgm', { synchronize: false }) // migration ProductSearchTrigramIndexes
@Index('IDX_product_description_trgm', { synchronize: false }) // migration ProductSearchTrigramIndexes
@Index('IDX_product_handle_trgm', { synchronize: false }) // migration ProductSearchTrigramIndexes
@Index('IDX_product_subtitle_trgm', { synchronize: false }) // migration ProductSearchTrigramIndexes
export class Product extends SoftDeletableEntity {
  static readonly idPrefix = 'prod';

  @Column({ type: 'varchar' })
  title: string;

  @Column({ type: 'varchar', nullable: true })
  subtitle: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', nullable: true })
  handle: string | null;

  @Column({ type: 'boolean', default: false })
  is_giftcard: boolean;

  @Column({ type: 'varchar', default: 'draft' })
  status: ProductStatus;

  @Column({ type: 'varchar', nullable: true })
  thumbnail: string | null;

  @Column({ type: 'int', nullable: true })
  weight: number | null;

  @Column({ type: 'int', nullable: true })
  length: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'varchar', nullable: true })
  hs_code: string | null;

  @Column({ type: 'varchar', nullable: true })
  origin_country: string | null;

  @Column({ type: 'varchar', nullable: true })
  mid_code: string | null;

  @Column({ type: 'varchar', nullable: true })
  material: string | null;

  @Index('IDX_product_collection_id')
  @Column({ type: 'varchar', nullable: true })
  collection_id: string | null;

  @ManyToOne(() => ProductCollection, (collection) => collection.products, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'collection_id' })
  collection?: ProductCollection | null;

  @Index('IDX_product_type_id')
  @Column({ type: 'varchar', nullable: true })
  type_id: string | null;

  @ManyToOne(() => ProductType)
  @JoinColumn({ name: 'type_id' })
  type?: ProductType | null;

  @ManyToMany(() => ProductTag)
  @JoinTable({ name: 'product_tags', joinColumn: { name: 'product_id' }, inverseJoinColumn: { name: 'product_tag_id' } })
  tags?: ProductTag[];

  @ManyToMany(() => Image)
  @JoinTable({ name: 'product_images', joinColumn: { name: 'product_id' }, inverseJoinColumn: { name: 'image_id' } })
  images?: Image[];

  @OneToMany(() => ProductOption, (option) => option.product)
  options?: ProductOption[];

  @OneToMany(() => ProductVariant, (variant) => variant.product)
  variants?: ProductVariant[];

  @Index('IDX_product_profile_id')
  @Column({ type: 'varchar', nullable: true })
  profile_id: string | null;

  @ManyToOne(() => ShippingProfile)
  @JoinColumn({ name: 'profile_id' })
  profile?: ShippingProfile | null;

  /**
   * Medusa 1.20's many-to-many shipping profiles; here always the one of `profile_id`,
   * kept in step with it by a trigger (migration ProductShippingProfiles), whoever writes products.
   */
  @ManyToMany(() => ShippingProfile)
  @JoinTable({ name: 'product_shipping_profile', joinColumn: { name: 'product_id' }, inverseJoinColumn: { name: 'profile_id' } })
  profiles?: ShippingProfile[];

  /** The categories holding the product (the link table belongs to ProductCategory.products). */
  @ManyToMany('ProductCategory', (category: ProductCategory) => category.products)
  categories?: ProductCategory[];

  @ManyToMany(() => SalesChannel)
  @JoinTable({ name: 'product_sales_channel', joinColumn: { name: 'product_id' }, inverseJoinColumn: { name: 'sales_channel_id' } })
  sales_channels?: SalesChannel[];

  @Column({ type: 'boolean', default: true })
  discountable: boolean;

  @Column({ type: 'varchar', nullable: true })
  external_id: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
