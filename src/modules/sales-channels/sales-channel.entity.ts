import { Column, Entity } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';

@Entity('sales_channel')
export class SalesChannel extends SoftDeletableEntity {
  static readonly idPrefix = 'sc';

  @Column({ type: 'varchar' })
  name: string;

  @Column({ type: 'varchar', nullable: true })
  description: string | null;

  @Column({ type: 'boolean', default: false })
  is_disabled: boolean;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
