import { Column, Entity, Index } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';

@Entity('product_type')
@Index('IDX_product_type_value_unique', ['value'], { unique: true, where: 'deleted_at IS NULL' })
export class ProductType extends SoftDeletableEntity {
  static readonly idPrefix = 'ptyp';

  @Column({ type: 'varchar' })
  value: string;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}

@Entity('product_tag')
@Index('IDX_product_tag_value_unique', ['value'], { unique: true, where: 'deleted_at IS NULL' })
export class ProductTag extends SoftDeletableEntity {
  static readonly idPrefix = 'ptag';

  @Column({ type: 'varchar' })
  value: string;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}

@Entity('image')
export class Image extends SoftDeletableEntity {
  static readonly idPrefix = 'img';

  @Column({ type: 'varchar' })
  url: string;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
