import { Check, Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, OneToMany, Unique } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import { Product } from '../products/product.entity';

/**
 * A node of the category tree, as Medusa 1.20 has it. `mpath` is the materialized path
 * (ancestor ids then its own id, each followed by "."), so a subtree is one prefix scan;
 * `rank` orders siblings from 0 without gaps. Deleting a category is a hard delete, as in
 * Medusa, and is refused while it has children.
 */
@Entity('product_category')
@Index('IDX_product_category_handle', ['handle'], { unique: true })
// Created by migration ProductCategories with text_pattern_ops (prefix scans); TypeORM cannot express it.
@Index('IDX_product_category_mpath', { synchronize: false })
// Siblings never share a rank (roots included: NULLS NOT DISTINCT, added by the migration).
// Checked at the end of each statement, so one UPDATE can shift a run of siblings.
@Unique('UQ_product_category_parent_rank', ['parent_category_id', 'rank'], { deferrable: 'INITIALLY IMMEDIATE' })
@Check('CHK_product_category_rank', '"rank" >= 0')
export class ProductCategory extends BaseEntity {
  static readonly idPrefix = 'pcat';

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'text' })
  handle: string;

  @Column({ type: 'text', nullable: true })
  mpath: string | null;

  @Column({ type: 'boolean', default: false })
  is_active: boolean;

  @Column({ type: 'boolean', default: false })
  is_internal: boolean;

  @Index('IDX_product_category_parent_category_id')
  @Column({ type: 'varchar', nullable: true })
  parent_category_id: string | null;

  @ManyToOne(() => ProductCategory, (category) => category.category_children, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_category_id' })
  parent_category?: ProductCategory | null;

  @OneToMany(() => ProductCategory, (category) => category.parent_category)
  category_children?: ProductCategory[];

  @Column({ type: 'integer', default: 0 })
  rank: number;

  @ManyToMany(() => Product, (product) => product.categories)
  @JoinTable({
    name: 'product_category_product',
    joinColumn: { name: 'product_category_id' },
    inverseJoinColumn: { name: 'product_id' },
  })
  products?: Product[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
