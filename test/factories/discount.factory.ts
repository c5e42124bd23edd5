import { randomBytes } from 'crypto';
import { EntityManager } from 'typeorm';
import { DiscountCondition, DiscountConditionOperator, DiscountConditionType } from '../../src/modules/discounts/discount-condition.entity';
import { AllocationType, DiscountRule, DiscountRuleType } from '../../src/modules/discounts/discount-rule.entity';
import { Discount } from '../../src/modules/discounts/discount.entity';
import { CONDITION_RESOURCE_TABLES } from '../../src/modules/discounts/discounts.repository';
import { Region } from '../../src/modules/regions/region.entity';

export interface DiscountConditionSpec {
  type: DiscountConditionType;
  operator: DiscountConditionOperator;
  /** Ids of existing products, types, collections, tags or customer groups. */
  resource_ids: string[];
}

export interface DiscountSpec extends Partial<Omit<Discount, 'rule' | 'regions' | 'parent_discount'>> {
  rule?: { type?: DiscountRuleType; value?: number; allocation?: AllocationType | null; description?: string | null };
  conditions?: DiscountConditionSpec[];
  /** Region ids (default: none). */
  regions?: string[];
}

/**
 * Writes a discount straight to the database, bypassing the API's validation (so tests
 * can set usage_count, past ends_at, etc.). Default: a live 10 % total discount with a
 * random upper-case code and no regions. A generated dynamic code: pass
 * `parent_discount_id` and `rule_id` of the parent, and `rule: undefined` is then ignored.
 * Returns it with rule, rule.conditions, regions and parent_discount loaded.
 */
export async function createDiscount(manager: EntityManager, spec: DiscountSpec = {}): Promise<Discount> {
  const { rule: ruleSpec, conditions = [], regions = [], ...fields } = spec;
  let ruleId = fields.rule_id;
  if (!ruleId) {
    const rule = await manager
      .getRepository(DiscountRule)
      .save(manager.getRepository(DiscountRule).create({ type: 'percentage', value: 10, allocation: 'total', description: null, metadata: null, ...ruleSpec }));
    ruleId = rule.id;
  }
  const repo = manager.getRepository(Discount);
  const discount = await repo.save(
    repo.create({
      code: `DISC${randomBytes(4).toString('hex').toUpperCase()}`,
      is_dynamic: false,
      is_disabled: false,
      usage_count: 0,
      usage_limit: null,
      metadata: null,
      ...fields,
      rule_id: ruleId,
      regions: regions.map((id) => ({ id }) as Region),
    }),
  );
  for (const condition of conditions) {
    const saved = await manager
      .getRepository(DiscountCondition)
      .save(manager.getRepository(DiscountCondition).create({ type: condition.type, operator: condition.operator, discount_rule_id: ruleId, metadata: null }));
    const { joinTable, column } = CONDITION_RESOURCE_TABLES[condition.type];
    for (const id of condition.resource_ids) {
      await manager.query(`INSERT INTO "${joinTable}" (condition_id, "${column}") VALUES ($1, $2)`, [saved.id, id]);
    }
  }
  return repo.findOneOrFail({
    where: { id: discount.id },
    relations: { rule: { conditions: true }, regions: true, parent_discount: true },
    relationLoadStrategy: 'query',
    withDeleted: true,
  });
}
