import { Column, Entity, JoinColumn, JoinTable, ManyToMany, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';
import { Currency } from '../currencies/currency.entity';
import { SalesChannel } from '../sales-channels/sales-channel.entity';

/** The single store row: its currencies and defaults. */
@Entity('store')
export class Store extends BaseEntity {
  static readonly idPrefix = 'store';

  @Column({ type: 'varchar', default: 'Medusa Store' })
  name: string;

  @Column({ type: 'varchar', default: 'usd' })
  default_currency_code: string;

  @ManyToOne(() => Currency)
  @JoinColumn({ name: 'default_currency_code', referencedColumnName: 'code' })
  default_currency?: Currency;

  @ManyToMany(() => Currency)
  @JoinTable({ name: 'store_currencies', joinColumn: { name: 'store_id' }, inverseJoinColumn: { name: 'currency_code', referencedColumnName: 'code' } })
  currencies?: Currency[];

  @Column({ type: 'varchar', nullable: true })
  default_sales_channel_id: string | null;

  @ManyToOne(() => SalesChannel)
  @JoinColumn({ name: 'default_sales_channel_id' })
  default_sales_channel?: SalesChannel | null;

  @Column({ type: 'varchar', nullable: true })
  swap_link_template: string | null;

  @Column({ type: 'varchar', nullable: true })
  payment_link_template: string | null;

  @Column({ type: 'varchar', nullable: true })
  invite_link_template: string | null;

  /** Always null: there are no stock locations. */
  @Column({ type: 'varchar', nullable: true })
  default_location_id: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
