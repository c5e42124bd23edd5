import { Check, Column, Entity, Index, JoinColumn, JoinTable, ManyToMany, ManyToOne } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import { ProductCollection } from '../collections/product-collection.entity';
import { ProductTag, ProductType } from '../products/product-taxonomy.entities';
import { Product } from '../products/product.entity';
import type { CustomerGroup } from '../customer-groups/customer-group.entity';
import type { DiscountRule } from './discount-rule.entity';

export const DISCOUNT_CONDITION_TYPES = ['products', 'product_types', 'product_collections', 'product_tags', 'customer_groups'] as const;
export type DiscountConditionType = (typeof DISCOUNT_CONDITION_TYPES)[number];

export const DISCOUNT_CONDITION_OPERATORS = ['in', 'not_in'] as const;
export type DiscountConditionOperator = (typeof DISCOUNT_CONDITION_OPERATORS)[number];

/**
 * Restricts a rule to (or away from) a set of resources of one kind. At most one condition
 * per (type, operator) on a rule, as Medusa enforces with the same unique index.
 */
@Entity('discount_condition')
@Index('IDX_discount_condition_type_operator_rule_unique', ['type', 'operator', 'discount_rule_id'], { unique: true })
@Check('CHK_discount_condition_type', `type IN ('products', 'product_types', 'product_collections', 'product_tags', 'customer_groups')`)
@Check('CHK_discount_condition_operator', `operator IN ('in', 'not_in')`)
export class DiscountCondition extends SoftDeletableEntity {
  static readonly idPrefix = 'discon';

  @Column({ type: 'varchar' })
  type: DiscountConditionType;

  @Column({ type: 'varchar' })
  operator: DiscountConditionOperator;

  @Index('IDX_discount_condition_rule_id')
  @Column({ type: 'varchar' })
  discount_rule_id: string;

  @ManyToOne('DiscountRule', (rule: DiscountRule) => rule.conditions, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'discount_rule_id' })
  discount_rule?: DiscountRule;

  @ManyToMany(() => Product)
  @JoinTable({ name: 'discount_condition_product', joinColumn: { name: 'condition_id' }, inverseJoinColumn: { name: 'product_id' } })
  products?: Product[];

  @ManyToMany(() => ProductType)
  @JoinTable({ name: 'discount_condition_product_type', joinColumn: { name: 'condition_id' }, inverseJoinColumn: { name: 'product_type_id' } })
  product_types?: ProductType[];

  @ManyToMany(() => ProductCollection)
  @JoinTable({
    name: 'discount_condition_product_collection',
    joinColumn: { name: 'condition_id' },
    inverseJoinColumn: { name: 'product_collection_id' },
  })
  product_collections?: ProductCollection[];

  @ManyToMany(() => ProductTag)
  @JoinTable({ name: 'discount_condition_product_tag', joinColumn: { name: 'condition_id' }, inverseJoinColumn: { name: 'product_tag_id' } })
  product_tags?: ProductTag[];

  @ManyToMany('CustomerGroup')
  @JoinTable({ name: 'discount_condition_customer_group', joinColumn: { name: 'condition_id' }, inverseJoinColumn: { name: 'customer_group_id' } })
  customer_groups?: CustomerGroup[];

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}
