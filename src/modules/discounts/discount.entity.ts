import { BeforeInsert, BeforeUpdate, Check, Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import { Region } from '../regions/region.entity';
import { DiscountRule } from './discount-rule.entity';

/**
 * A redeemable code. Dynamic discounts are templates: their generated codes point at them
 * through `parent_discount_id` and share their rule. `usage_count` never exceeds
 * `usage_limit` (CHECK), so a conditional increment is the only way to consume a use.
 */
@Entity('discount')
@Index('IDX_discount_code_unique', ['code'], { unique: true, where: 'deleted_at IS NULL' })
@Index('IDX_discount_created_at_id', { synchronize: false }) // migration ListOrderIndexes
@Index('IDX_discount_code_trgm', { synchronize: false }) // migration ListOrderIndexes
@Check('CHK_discount_usage_within_limit', 'usage_limit IS NULL OR usage_count <= usage_limit')
export class Discount extends SoftDeletableEntity {
  static readonly idPrefix = 'disc';

  /** Always stored upper-case and trimmed; lookups upper-case their input. */
  @Column({ type: 'varchar' })
  code: string;

  @Column({ type: 'boolean', default: false })
  is_dynamic: boolean;

  @Index('IDX_discount_rule_id')
  @Column({ type: 'varchar', nullable: true })
  rule_id: string | null;

  @ManyToOne(() => DiscountRule)
  @JoinColumn({ name: 'rule_id' })
  rule?: DiscountRule | null;

  @Column({ type: 'boolean', default: false })
  is_disabled: boolean;

  @Index('IDX_discount_parent_discount_id')
  @Column({ type: 'varchar', nullable: true })
  parent_discount_id: string | null;

  @ManyToOne('Discount')
  @JoinColumn({ name: 'parent_discount_id' })
  parent_discount?: Discount | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  starts_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  ends_at: Date | null;

  /** ISO 8601 duration (e.g. `P1D`); generated dynamic codes expire that long after creation. */
  @Column({ type: 'varchar', nullable: true })
  valid_duration: string | null;

  @ManyToMany(() => Region)
  @JoinTable({ name: 'discount_regions', joinColumn: { name: 'discount_id' }, inverseJoinColumn: { name: 'region_id' } })
  regions?: Region[];

  @Column({ type: 'int', nullable: true })
  usage_limit: number | null;

  @Column({ type: 'int', default: 0 })
  usage_count: number;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;

  @BeforeInsert()
  @BeforeUpdate()
  protected normalizeCode(): void {
    if (typeof this.code === 'string') this.code = normalizeDiscountCode(this.code);
  }
}

/** The one spelling of a code that is stored and compared: trimmed, upper-case. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}
