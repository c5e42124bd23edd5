import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import { Country } from '../regions/country.entity';
import type { Customer } from './customer.entity';

/**
 * A postal address: a customer's saved shipping address (customer_id set), a customer's
 * billing address, or a cart's/order's shipping or billing address (customer_id null).
 */
@Entity('address')
@Index('IDX_address_first_name_trgm', { synchronize: false }) // migration OrderSearchIndexes
export class Address extends SoftDeletableEntity {
  static readonly idPrefix = 'addr';

  @Index('IDX_address_customer_id')
  @Column({ type: 'varchar', nullable: true })
  customer_id: string | null;

  @ManyToOne('Customer', (customer: Customer) => customer.shipping_addresses)
  @JoinColumn({ name: 'customer_id' })
  customer?: Customer | null;

  @Column({ type: 'varchar', nullable: true })
  company: string | null;

  @Column({ type: 'varchar', nullable: true })
  first_name: string | null;

  @Column({ type: 'varchar', nullable: true })
  last_name: string | null;

  @Column({ type: 'varchar', nullable: true })
  address_1: string | null;

  @Column({ type: 'varchar', nullable: true })
  address_2: string | null;

  @Column({ type: 'varchar', nullable: true })
  city: string | null;

  /** Lower-case ISO 3166-1 alpha-2, referencing country.iso_2. */
  @Index('IDX_address_country_code')
  @Column({ type: 'varchar', nullable: true })
  country_code: string | null;

  @ManyToOne(() => Country)
  @JoinColumn({ name: 'country_code', referencedColumnName: 'iso_2' })
  country?: Country | null;

  @Column({ type: 'varchar', nullable: true })
  province: string | null;

  @Column({ type: 'varchar', nullable: true })
  postal_code: string | null;

  @Column({ type: 'varchar', nullable: true })
  phone: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
