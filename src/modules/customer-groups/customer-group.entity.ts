import { Column, Entity, Index, ManyToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { Customer } from '../customers/customer.entity';

@Entity('customer_group')
@Index('IDX_customer_group_name_unique', ['name'], { unique: true, where: 'deleted_at IS NULL' })
export class CustomerGroup extends SoftDeletableEntity {
  static readonly idPrefix = 'cgrp';

  @Column({ type: 'varchar' })
  name: string;

  @ManyToMany('Customer', (customer: Customer) => customer.groups)
  customers?: Customer[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
