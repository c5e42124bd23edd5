import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import type { Discount } from '../discounts/discount.entity';
import type { LineItem } from './line-item.entity';

/** pg returns numeric as a string; adjustments may be fractional (fixed discounts split by total). */
const numericTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

/**
 * A line's share of a discount (`discount_id` set) or a custom adjustment (null). Stored
 * unrounded, as Medusa v1 does: the calculator rounds per line and per cart.
 */
@Entity('line_item_adjustment')
@Index('IDX_line_item_adjustment_discount_item_unique', ['discount_id', 'item_id'], { unique: true, where: 'discount_id IS NOT NULL' })
export class LineItemAdjustment extends BaseEntity {
  static readonly idPrefix = 'lia';

  @Index('IDX_line_item_adjustment_item_id')
  @Column({ type: 'varchar' })
  item_id: string;

  @ManyToOne('LineItem', (item: LineItem) => item.adjustments, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id', foreignKeyConstraintName: 'FK_line_item_adjustment_item_id' })
  item?: LineItem;

  @Column({ type: 'varchar' })
  description: string;

  @Index('IDX_line_item_adjustment_discount_id')
  @Column({ type: 'varchar', nullable: true })
  discount_id: string | null;

  @ManyToOne('Discount')
  @JoinColumn({ name: 'discount_id', foreignKeyConstraintName: 'FK_line_item_adjustment_discount_id' })
  discount?: Discount | null;

  @Column({ type: 'numeric', transformer: numericTransformer })
  amount: number;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
