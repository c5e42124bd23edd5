import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { toRelations } from '../../common/query/relations';
import { DiscountCondition, DiscountConditionOperator, DiscountConditionType } from './discount-condition.entity';
import { Discount } from './discount.entity';
import { assertResourcesExist } from './discount-resources';
import { linkConditionResources, unlinkConditionResources, unlinkConditionResourcesExcept } from './discounts.repository';
import { discountNotFound, loadDiscount, lockDiscount } from './discount-lookup';
import { CONDITION_RESOURCE_KEYS, ConditionResourcesDto, CreateConditionDto, UpsertConditionDto } from './dto/condition-resources.dto';

export interface ResolvedResources {
  type: DiscountConditionType;
  resource_ids: string[];
}

/**
 * The condition's type and ids from a request: the first non-empty resource array in
 * Medusa's order. "Several arrays" is rejected by the DTO; "none" here.
 */
export function resolveConditionResources(input: ConditionResourcesDto): ResolvedResources {
  for (const key of CONDITION_RESOURCE_KEYS) {
    const ids = input[key];
    if (ids && ids.length > 0) return { type: key, resource_ids: [...new Set(ids)] };
  }
  throw ApiError.invalid('Missing one of products, collections, tags, types or customer groups in data');
}

function duplicateCondition(operator: string, type: string): ApiError {
  return ApiError.duplicate(`Discount Condition with operator '${operator}' and type '${type}' already exist on a Discount Rule`);
}

/** Condition responses carry the rule by default, like Medusa. */
export const CONDITION_DEFAULT_RELATIONS = ['discount_rule'];
export const CONDITION_ALLOWED_RELATIONS = [
  'discount_rule',
  'products',
  'products.profile',
  'products.profiles',
  'product_types',
  'product_collections',
  'product_tags',
  'customer_groups',
];

/**
 * Conditions of a discount's rule and their resources. Every mutation runs in one
 * transaction with the discount row locked, validates all input and resource ids (404)
 * before writing, and answers with the discount re-read with the requested relations.
 */
@Injectable()
export class DiscountConditionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /** Adds a condition to the discount's rule; one condition per (type, operator) on a rule (422). */
  async create(discountId: string, input: CreateConditionDto, relations: string[]): Promise<Discount> {
    return this.tx.run(async (manager) => {
      const discount = await lockDiscount(manager, discountId);
      await this.createOnRule(manager, this.ruleIdOf(discount), input.operator, resolveConditionResources(input));
      return loadDiscount(manager, discountId, relations);
    });
  }

  /** The condition, after checking it belongs to the discount (404 / 404 / 400). */
  async retrieve(discountId: string, conditionId: string, relations: string[] = CONDITION_DEFAULT_RELATIONS): Promise<DiscountCondition> {
    const manager = this.dataSource.manager;
    await this.assertMembership(manager, discountId, conditionId);
    return manager
      .getRepository(DiscountCondition)
      .findOneOrFail({ where: { id: conditionId }, relations: toRelations(relations), relationLoadStrategy: 'query' });
  }

  /** Replaces the condition's resources with the given ones (same type as the condition). */
  async update(discountId: string, conditionId: string, input: ConditionResourcesDto, relations: string[]): Promise<Discount> {
    return this.tx.run(async (manager) => {
      await lockDiscount(manager, discountId);
      const condition = await this.assertMembership(manager, discountId, conditionId);
      const resources = resolveConditionResources(input);
      this.assertSameType(condition, resources.type);
      await assertResourcesExist(manager, resources.type, resources.resource_ids);
      await unlinkConditionResourcesExcept(manager, condition, resources.resource_ids);
      await linkConditionResources(manager, condition, resources.resource_ids);
      return loadDiscount(manager, discountId, relations);
    });
  }

  /**
   * Hard-deletes the condition and its resource links. Idempotent: an unknown condition
   * only requires the discount to exist. A condition of another discount is a 404.
   */
  async delete(
    discountId: string,
    conditionId: string,
    relations: string[],
  ): Promise<{ id: string; object: 'discount-condition'; deleted: true; discount: Discount }> {
    return this.tx.run(async (manager) => {
      const discount = await lockDiscount(manager, discountId);
      const condition = await manager.getRepository(DiscountCondition).findOne({ where: { id: conditionId } });
      if (condition) {
        if (condition.discount_rule_id !== discount.rule_id) {
          throw ApiError.notFound(`Condition with id ${conditionId} does not belong to Discount with id ${discountId}`);
        }
        await manager.getRepository(DiscountCondition).delete({ id: conditionId });
      }
      return { id: conditionId, object: 'discount-condition', deleted: true, discount: await loadDiscount(manager, discountId, relations) };
    });
  }

  /** Adds resources of the condition's type; ids already linked are kept (insert-or-ignore). */
  async addResources(discountId: string, conditionId: string, ids: string[], relations: string[]): Promise<Discount> {
    return this.tx.run(async (manager) => {
      await lockDiscount(manager, discountId);
      const condition = await this.assertMembership(manager, discountId, conditionId);
      const unique = [...new Set(ids)];
      await assertResourcesExist(manager, condition.type, unique);
      await linkConditionResources(manager, condition, unique);
      return loadDiscount(manager, discountId, relations);
    });
  }

  /** Removes the listed resources from the condition; ids not linked are ignored. */
  async removeResources(discountId: string, conditionId: string, ids: string[], relations: string[]): Promise<Discount> {
    return this.tx.run(async (manager) => {
      await lockDiscount(manager, discountId);
      const condition = await this.assertMembership(manager, discountId, conditionId);
      await unlinkConditionResources(manager, condition, [...new Set(ids)]);
      return loadDiscount(manager, discountId, relations);
    });
  }

  /**
   * Validates every condition of a discount create/update against the rule, then writes
   * them: with `id`, that condition of the rule gets the new operator (if any) and its
   * resources replaced; without, a new condition is created. Call inside the caller's
   * transaction, after the discount row is locked.
   */
  async upsertMany(manager: EntityManager, ruleId: string, inputs: Array<CreateConditionDto | UpsertConditionDto>): Promise<void> {
    const planned = inputs.map((input) => ({ input, resources: resolveConditionResources(input) }));
    for (const { input, resources } of planned) {
      const id = 'id' in input ? input.id : undefined;
      if (id !== undefined) {
        const condition = await manager.getRepository(DiscountCondition).findOne({ where: { id } });
        if (!condition || condition.discount_rule_id !== ruleId) throw ApiError.notFound(`DiscountCondition with id ${id} was not found`);
        this.assertSameType(condition, resources.type);
        await assertResourcesExist(manager, resources.type, resources.resource_ids);
        if (input.operator !== undefined && input.operator !== condition.operator) {
          await this.assertNoDuplicate(manager, ruleId, input.operator, condition.type);
          await manager.getRepository(DiscountCondition).update({ id }, { operator: input.operator });
        }
        await unlinkConditionResourcesExcept(manager, condition, resources.resource_ids);
        await linkConditionResources(manager, condition, resources.resource_ids);
      } else {
        if (input.operator === undefined) throw ApiError.invalid('operator is required for a new condition');
        await this.createOnRule(manager, ruleId, input.operator, resources);
      }
    }
  }

  private async createOnRule(
    manager: EntityManager,
    ruleId: string,
    operator: DiscountConditionOperator,
    resources: ResolvedResources,
  ): Promise<DiscountCondition> {
    await this.assertNoDuplicate(manager, ruleId, operator, resources.type);
    await assertResourcesExist(manager, resources.type, resources.resource_ids);
    const repo = manager.getRepository(DiscountCondition);
    const condition = await repo.save(repo.create({ type: resources.type, operator, discount_rule_id: ruleId, metadata: null }));
    await linkConditionResources(manager, condition, resources.resource_ids);
    return condition;
  }

  /** Medusa's 422 for a second condition with the same type and operator on a rule (the unique index backs it). */
  private async assertNoDuplicate(manager: EntityManager, ruleId: string, operator: DiscountConditionOperator, type: DiscountConditionType): Promise<void> {
    const existing = await manager.getRepository(DiscountCondition).exists({ where: { discount_rule_id: ruleId, operator, type } });
    if (existing) throw duplicateCondition(operator, type);
  }

  private assertSameType(condition: DiscountCondition, type: DiscountConditionType): void {
    if (condition.type !== type) {
      throw ApiError.invalid(`Condition with id ${condition.id} is of type ${condition.type}; its type cannot be changed`);
    }
  }

  /** Discount 404, condition 404, then 400 when the condition is on another discount's rule. */
  private async assertMembership(manager: EntityManager, discountId: string, conditionId: string): Promise<DiscountCondition> {
    const discount = await manager.getRepository(Discount).findOne({ where: { id: discountId } });
    if (!discount) throw discountNotFound(discountId);
    const condition = await manager.getRepository(DiscountCondition).findOne({ where: { id: conditionId } });
    if (!condition) throw ApiError.notFound(`DiscountCondition with id ${conditionId} was not found`);
    if (condition.discount_rule_id !== discount.rule_id) {
      throw ApiError.invalid(`Condition with id ${conditionId} does not belong to Discount with id ${discountId}`);
    }
    return condition;
  }

  private ruleIdOf(discount: Discount): string {
    if (!discount.rule_id) throw ApiError.invalid(`Discount with id ${discount.id} has no rule`);
    return discount.rule_id;
  }
}
