import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import { Region } from '../regions/region.entity';

/**
 * A prepaid value usable in one region, identified by a human-friendly code.
 * `balance` only moves down through `GiftCardsService.debit` (one conditional UPDATE) or
 * an admin update; the CHECK keeps it within 0..value whatever the caller does.
 */
@Entity('gift_card')
@Check('CHK_gift_card_balance_within_value', 'balance >= 0 AND balance <= value')
@Index('IDX_gift_card_code_unique', ['code'], { unique: true, where: 'deleted_at IS NULL' })
@Index('IDX_gift_card_created_at_id', { synchronize: false }) // migration ListOrderIndexes
@Index('IDX_gift_card_code_trgm', { synchronize: false }) // migration ListOrderIndexes
export class GiftCard extends SoftDeletableEntity {
  static readonly idPrefix = 'gift';

  @Column({ type: 'varchar' })
  code: string;

  @Column({ type: 'int' })
  value: number;

  @Column({ type: 'int' })
  balance: number;

  @Index('IDX_gift_card_region_id')
  @Column({ type: 'varchar' })
  region_id: string;

  @ManyToOne(() => Region)
  @JoinColumn({ name: 'region_id', foreignKeyConstraintName: 'FK_gift_card_region_id' })
  region?: Region;

  /**
   * The order the card was bought in. No foreign key here: the order table belongs to
   * the orders module, whose migration adds the constraint.
   */
  @Index('IDX_gift_card_order_id')
  @Column({ type: 'varchar', nullable: true })
  order_id: string | null;

  /** The order this card was bought in (gift card) or drawn for (transaction). */
  @ManyToOne('Order')
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_gift_card_order_id' })
  order?: unknown;

  @Column({ type: 'boolean', default: false })
  is_disabled: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  ends_at: Date | null;

  /** Percentage applied when the card pays for taxable lines; null when the region's gift cards are not taxable. */
  @Column({ type: 'real', nullable: true })
  tax_rate: number | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
