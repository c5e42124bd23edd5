import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { ProductVariant } from './product-variant.entity';
import type { Region } from '../regions/region.entity';

/** A variant price in integer minor units, per currency or per region. */
@Entity('money_amount')
@Check('CHK_money_amount_non_negative', 'amount >= 0')
@Index('IDX_money_amount_price_list_id', { synchronize: false }) // migration PriceLists (partial)
export class MoneyAmount extends SoftDeletableEntity {
  static readonly idPrefix = 'ma';

  @Column({ type: 'varchar' })
  currency_code: string;

  @Column({ type: 'int' })
  amount: number;

  @Column({ type: 'int', nullable: true })
  min_quantity: number | null;

  @Column({ type: 'int', nullable: true })
  max_quantity: number | null;

  @Column({ type: 'varchar', nullable: true })
  price_list_id: string | null;

  @Index('IDX_money_amount_variant_id')
  @Column({ type: 'varchar' })
  variant_id: string;

  @ManyToOne('ProductVariant', (variant: ProductVariant) => variant.prices, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id' })
  variant?: ProductVariant;

  @Index('IDX_money_amount_region_id')
  @Column({ type: 'varchar', nullable: true })
  region_id: string | null;

  @ManyToOne('Region', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'region_id' })
  region?: Region | null;
}
