import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { BaseEntity } from '../../common/database/base.entity';

/** Medusa v1's publishable API key (`pk_`): not soft-deletable, revoked by time and user. */
@Entity('publishable_api_key')
export class PublishableApiKey extends BaseEntity {
  static readonly idPrefix = 'pk';

  @Column({ type: 'varchar' })
  title: string;

  @Column({ type: 'varchar', nullable: true })
  created_by: string | null;

  @Column({ type: 'varchar', nullable: true })
  revoked_by: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;
}

/**
 * A key's sales channel. As in Medusa there is no foreign key on either side: a channel id
 * is stored as given, and deleting a key leaves its links.
 */
@Entity('publishable_api_key_sales_channel')
@Index('IDX_publishable_api_key_sales_channel_key', ['publishable_key_id'])
export class PublishableApiKeySalesChannel {
  @PrimaryColumn({ type: 'varchar' })
  sales_channel_id: string;

  @PrimaryColumn({ type: 'varchar' })
  publishable_key_id: string;

  @Column({ type: 'varchar' })
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
