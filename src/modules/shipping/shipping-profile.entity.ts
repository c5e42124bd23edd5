import { Column, Entity } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';

export type ShippingProfileType = 'default' | 'gift_card' | 'custom';

@Entity('shipping_profile')
export class ShippingProfile extends SoftDeletableEntity {
  static readonly idPrefix = 'sp';

  @Column({ type: 'varchar' })
  name: string;

  @Column({ type: 'varchar' })
  type: ShippingProfileType;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
