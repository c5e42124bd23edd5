import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import type { LineItem } from './line-item.entity';

/**
 * A tax applied to a line item. Persisted at completion (a cart shows freshly computed
 * lines); one line per tax code, hence the unique (item_id, code).
 */
@Entity('line_item_tax_line')
@Index('IDX_line_item_tax_line_item_code_unique', ['item_id', 'code'], { unique: true })
export class LineItemTaxLine extends BaseEntity {
  static readonly idPrefix = 'litl';

  /** Percentage, e.g. 25 for 25 %. */
  @Column({ type: 'real' })
  rate: number;

  @Column({ type: 'varchar' })
  name: string;

  @Column({ type: 'varchar', nullable: true })
  code: string | null;

  @Index('IDX_line_item_tax_line_item_id')
  @Column({ type: 'varchar' })
  item_id: string;

  @ManyToOne('LineItem', (item: LineItem) => item.tax_lines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id', foreignKeyConstraintName: 'FK_line_item_tax_line_item_id' })
  item?: LineItem;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
