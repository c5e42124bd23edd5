import { Column, Entity, Index, OneToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { Product } from '../products/product.entity';

@Entity('product_collection')
@Index('IDX_product_collection_handle_unique', ['handle'], { unique: true, where: 'deleted_at IS NULL' })
export class ProductCollection extends SoftDeletableEntity {
  static readonly idPrefix = 'pcol';

  @Column({ type: 'varchar' })
  title: string;

  @Column({ type: 'varchar', nullable: true })
  handle: string | null;

  @OneToMany('Product', (product: Product) => product.collection)
  products?: Product[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
