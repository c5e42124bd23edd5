import { Check, Column, Entity, OneToMany } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { DiscountCondition } from './discount-condition.entity';

export const DISCOUNT_RULE_TYPES = ['fixed', 'percentage', 'free_shipping'] as const;
export type DiscountRuleType = (typeof DISCOUNT_RULE_TYPES)[number];

export const ALLOCATION_TYPES = ['total', 'item'] as const;
export type AllocationType = (typeof ALLOCATION_TYPES)[number];

/**
 * How a discount is computed. Shared by a dynamic discount and every code generated from
 * it, so editing the rule edits all of them at once (as in Medusa v1).
 */
@Entity('discount_rule')
@Check('CHK_discount_rule_type', `type IN ('fixed', 'percentage', 'free_shipping')`)
@Check('CHK_discount_rule_allocation', `allocation IS NULL OR allocation IN ('total', 'item')`)
@Check('CHK_discount_rule_value', `value >= 0 AND (type <> 'percentage' OR value <= 100)`)
export class DiscountRule extends SoftDeletableEntity {
  static readonly idPrefix = 'dru';

  @Column({ type: 'varchar', nullable: true })
  description: string | null;

  @Column({ type: 'varchar' })
  type: DiscountRuleType;

  /** Percent (0..100) for `percentage`, minor units for `fixed`, unused for `free_shipping`. */
  @Column({ type: 'int' })
  value: number;

  @Column({ type: 'varchar', nullable: true })
  allocation: AllocationType | null;

  @OneToMany('DiscountCondition', (condition: DiscountCondition) => condition.discount_rule)
  conditions?: DiscountCondition[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
