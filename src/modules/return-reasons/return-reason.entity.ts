import { Column, Entity, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';

/**
 * Medusa v1's `return_reason`: why an item comes back. Reasons nest one level deep (a
 * top-level reason is a category of its children); returns, swaps and claims will refer to them.
 */
@Entity('return_reason')
export class ReturnReason extends SoftDeletableEntity {
  static readonly idPrefix = 'rr';

  @Column({ type: 'varchar' })
  value: string;

  @Column({ type: 'varchar' })
  label: string;

  @Column({ type: 'varchar', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', nullable: true })
  parent_return_reason_id: string | null;

  @ManyToOne(() => ReturnReason, (parent) => parent.return_reason_children)
  @JoinColumn({ name: 'parent_return_reason_id' })
  parent_return_reason?: ReturnReason | null;

  @OneToMany(() => ReturnReason, (child) => child.parent_return_reason)
  return_reason_children?: ReturnReason[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
