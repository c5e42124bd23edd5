import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import { Region } from '../regions/region.entity';
import { ShippingProfile } from './shipping-profile.entity';
import { FulfillmentProvider } from '../regions/provider.entities';

export type ShippingOptionPriceType = 'flat_rate' | 'calculated';
export type RequirementType = 'min_subtotal' | 'max_subtotal';

@Entity('shipping_option')
@Check('CHK_shipping_option_amount_non_negative', 'amount IS NULL OR amount >= 0')
export class ShippingOption extends SoftDeletableEntity {
  static readonly idPrefix = 'so';

  @Column({ type: 'varchar' })
  name: string;

  @Index('IDX_shipping_option_region_id')
  @Column({ type: 'varchar' })
  region_id: string;

  @ManyToOne(() => Region)
  @JoinColumn({ name: 'region_id' })
  region?: Region;

  @Index('IDX_shipping_option_profile_id')
  @Column({ type: 'varchar' })
  profile_id: string;

  @ManyToOne(() => ShippingProfile)
  @JoinColumn({ name: 'profile_id' })
  profile?: ShippingProfile;

  @Column({ type: 'varchar' })
  provider_id: string;

  @ManyToOne(() => FulfillmentProvider)
  @JoinColumn({ name: 'provider_id' })
  provider?: FulfillmentProvider;

  @Column({ type: 'varchar', default: 'flat_rate' })
  price_type: ShippingOptionPriceType;

  @Column({ type: 'int', nullable: true })
  amount: number | null;

  @Column({ type: 'boolean', default: false })
  is_return: boolean;

  @Column({ type: 'boolean', default: false })
  admin_only: boolean;

  @OneToMany('ShippingOptionRequirement', (r: ShippingOptionRequirement) => r.shipping_option)
  requirements?: ShippingOptionRequirement[];

  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}

@Entity('shipping_option_requirement')
export class ShippingOptionRequirement extends SoftDeletableEntity {
  static readonly idPrefix = 'sor';

  @Index('IDX_shipping_option_requirement_option_id')
  @Column({ type: 'varchar' })
  shipping_option_id: string;

  @ManyToOne(() => ShippingOption, (o) => o.requirements, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shipping_option_id' })
  shipping_option?: ShippingOption;

  @Column({ type: 'varchar' })
  type: RequirementType;

  @Column({ type: 'int' })
  amount: number;
}
