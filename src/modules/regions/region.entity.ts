import { Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne, OneToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import { Currency } from '../currencies/currency.entity';
import { Country } from './country.entity';
import { FulfillmentProvider, PaymentProvider } from './provider.entities';

@Entity('region')
export class Region extends SoftDeletableEntity {
  static readonly idPrefix = 'reg';

  @Column({ type: 'varchar' })
  name: string;

  @Index('IDX_region_currency_code')
  @Column({ type: 'varchar' })
  currency_code: string;

  @ManyToOne(() => Currency)
  @JoinColumn({ name: 'currency_code', referencedColumnName: 'code' })
  currency?: Currency;

  /** Percentage, e.g. 25 for 25 %. */
  @Column({ type: 'real', default: 0 })
  tax_rate: number;

  @Column({ type: 'varchar', nullable: true })
  tax_code: string | null;

  @Column({ type: 'boolean', default: true })
  gift_cards_taxable: boolean;

  @Column({ type: 'boolean', default: true })
  automatic_taxes: boolean;

  @Column({ type: 'boolean', default: false })
  includes_tax: boolean;

  @Column({ type: 'varchar', nullable: true })
  tax_provider_id: string | null;

  @OneToMany(() => Country, (country) => country.region)
  countries?: Country[];

  @ManyToMany(() => PaymentProvider)
  @JoinTable({ name: 'region_payment_providers', joinColumn: { name: 'region_id' }, inverseJoinColumn: { name: 'provider_id' } })
  payment_providers?: PaymentProvider[];

  @ManyToMany(() => FulfillmentProvider)
  @JoinTable({ name: 'region_fulfillment_providers', joinColumn: { name: 'region_id' }, inverseJoinColumn: { name: 'provider_id' } })
  fulfillment_providers?: FulfillmentProvider[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
