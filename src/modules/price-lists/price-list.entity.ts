import { Check, Column, Entity, Index, JoinTable, ManyToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import { CustomerGroup } from '../customer-groups/customer-group.entity';
import type { PriceListStatus, PriceListType } from './price-selection';

/** Medusa v1's price list (`pl_`); its prices are money amounts with its `price_list_id`. */
@Entity('price_list')
@Index('IDX_price_list_created_at_id', { synchronize: false }) // migration PriceLists
@Check('CHK_price_list_type', `"type" IN ('sale', 'override')`)
@Check('CHK_price_list_status', `"status" IN ('active', 'draft')`)
export class PriceList extends SoftDeletableEntity {
  static readonly idPrefix = 'pl';

  @Column({ type: 'varchar' })
  name: string;

  @Column({ type: 'varchar' })
  description: string;

  @Column({ type: 'varchar', default: 'sale' })
  type: PriceListType;

  @Column({ type: 'varchar', default: 'draft' })
  status: PriceListStatus;

  @Column({ type: 'timestamptz', nullable: true })
  starts_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  ends_at: Date | null;

  @ManyToMany(() => CustomerGroup)
  @JoinTable({ name: 'price_list_customer_groups', joinColumn: { name: 'price_list_id' }, inverseJoinColumn: { name: 'customer_group_id' } })
  customer_groups?: CustomerGroup[];
}
