import { Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, OneToMany, OneToOne } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { CustomerGroup } from '../customer-groups/customer-group.entity';
import type { Order } from '../orders/order.entity';
import type { Address } from './address.entity';

/**
 * A shopper. A guest row (has_account false, created at checkout) and an account row
 * (has_account true, created at registration) may share an email: emails are not
 * verified, so registering an address must not open the guest's orders to whoever
 * registers it. Hence the uniqueness is on (email, has_account).
 */
@Entity('customer')
@Index('IDX_customer_email_has_account_unique', ['email', 'has_account'], { unique: true, where: 'deleted_at IS NULL' })
// Trigram GIN indexes for `q` (migration CustomerSearchTrigramIndexes); TypeORM cannot
// express the operator class, so it must neither create nor drop them.
@Index('IDX_customer_email_trgm', { synchronize: false })
@Index('IDX_customer_first_name_trgm', { synchronize: false })
@Index('IDX_customer_last_name_trgm', { synchronize: false })
@Index('IDX_customer_phone_trgm', { synchronize: false }) // migration OrderSearchIndexes
@Index('IDX_customer_created_at_id', { synchronize: false }) // migration ListOrderIndexes
export class Customer extends SoftDeletableEntity {
  static readonly idPrefix = 'cus';

  @Column({ type: 'varchar' })
  email: string;

  @Column({ type: 'varchar', nullable: true })
  first_name: string | null;

  @Column({ type: 'varchar', nullable: true })
  last_name: string | null;

  /** Unique through the one-to-one relation (a billing address belongs to one customer). */
  @Column({ type: 'varchar', nullable: true })
  billing_address_id: string | null;

  @OneToOne('Address', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'billing_address_id' })
  billing_address?: Address | null;

  @OneToMany('Address', (address: Address) => address.customer)
  shipping_addresses?: Address[];

  /** Never selected unless asked for; never serialized (stripped by the response interceptor). */
  @Column({ type: 'varchar', nullable: true, select: false })
  password_hash?: string | null;

  /** Raised by every password change; a JWT signed with an older version is refused. Never selected unless asked for. */
  @Column({ type: 'integer', default: 0, select: false })
  token_version?: number;

  /** The store JWT (`jti`) the last password change kept: the one that asked for it. Never selected unless asked for. */
  @Column({ type: 'varchar', nullable: true, select: false })
  kept_token_id?: string | null;

  @Column({ type: 'varchar', nullable: true })
  phone: string | null;

  @Column({ type: 'boolean', default: false })
  has_account: boolean;

  @OneToMany('Order', (order: Order) => order.customer)
  orders?: Order[];

  @ManyToMany('CustomerGroup', (group: CustomerGroup) => group.customers)
  @JoinTable({
    name: 'customer_group_customers',
    joinColumn: { name: 'customer_id' },
    inverseJoinColumn: { name: 'customer_group_id' },
  })
  groups?: CustomerGroup[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
