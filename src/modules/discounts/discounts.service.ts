import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import { ADMIN_DISCOUNT_LIST } from './discount-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { toRelations } from '../../common/query/relations';
import { DiscountRule } from './discount-rule.entity';
import { Discount, normalizeDiscountCode } from './discount.entity';
import { assertDateOrder, assertFixedRegionCount, assertRuleValue, assertUsageLimitCovers } from './discount-rules';
import { findRegionsOrFail } from './discount-resources';
import { DISCOUNT_DEFAULT_RELATIONS, loadDiscount, lockDiscount } from './discount-lookup';
import { DiscountConditionsService, resolveConditionResources } from './discount-conditions.service';
import { AdminGetDiscountsParams, AdminPostDiscountsDiscountReq, AdminPostDiscountsReq } from './dto/admin-discounts.dto';
import { AdminPostDiscountsDiscountDynamicCodesReq } from './dto/admin-discount-dynamic-codes.dto';
import { engineDiscountsByCode, engineDiscountsOfCart, linkDiscountRegion, linkedRegionIds, unlinkDiscountRegion } from './discounts.repository';
import { addIsoDuration } from './engine/iso-duration';
import type { EngineDiscount } from './engine/types';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { emitEvent } from '../events/outbox';

@Injectable()
export class DiscountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly conditions: DiscountConditionsService,
  ) {}

  list(filters: AdminGetDiscountsParams, config: FindConfig): Promise<[Discount[], number]> {
    const { rule, ...own } = filters;
    return runList(this.dataSource.manager, ADMIN_DISCOUNT_LIST, { ...own, rule_type: rule?.type, rule_allocation: rule?.allocation }, config);
  }

  retrieve(id: string, relations: string[] = DISCOUNT_DEFAULT_RELATIONS): Promise<Discount> {
    return loadDiscount(this.dataSource.manager, id, relations);
  }

  /** Case-insensitive, surrounding spaces ignored; 404 repeats the code as sent (Medusa's wording). */
  async retrieveByCode(code: string, relations: string[] = DISCOUNT_DEFAULT_RELATIONS): Promise<Discount> {
    const discount = await this.dataSource.getRepository(Discount).findOne({
      where: { code: normalizeDiscountCode(code) },
      relations: toRelations(relations),
      relationLoadStrategy: 'query',
    });
    if (!discount) throw ApiError.notFound(`Discounts with code ${code} was not found`);
    return discount;
  }

  /**
   * Creates the rule, the discount (code trimmed and upper-cased, unique among live
   * discounts: 422 otherwise), its regions and conditions in one transaction. Every rule
   * of section 8.2 is checked first; an unknown region or condition resource is a 404.
   */
  async create(input: AdminPostDiscountsReq, relations: string[]): Promise<Discount> {
    const { rule } = input;
    assertRuleValue(rule.type, rule.value);
    assertFixedRegionCount(rule.type, new Set(input.regions).size);
    if (input.regions.length === 0) throw ApiError.invalid('Discount must have at least 1 region');
    assertDateOrder(input.starts_at, input.ends_at);
    (rule.conditions ?? []).forEach(resolveConditionResources);

    return this.tx.run(async (manager) => {
      const regions = await findRegionsOrFail(manager, input.regions);
      const ruleRepo = manager.getRepository(DiscountRule);
      const savedRule = await ruleRepo.save(
        ruleRepo.create({ description: rule.description ?? null, type: rule.type, value: rule.value, allocation: rule.allocation, metadata: null }),
      );
      const repo = manager.getRepository(Discount);
      const discount = repo.create({
        code: input.code,
        is_dynamic: input.is_dynamic ?? false,
        is_disabled: input.is_disabled ?? false,
        rule_id: savedRule.id,
        parent_discount_id: null,
        ends_at: input.ends_at ?? null,
        valid_duration: input.valid_duration ?? null,
        usage_limit: input.usage_limit ?? null,
        metadata: boundedJson('metadata', input.metadata ?? null),
        regions,
      });
      if (input.starts_at) discount.starts_at = input.starts_at;
      await repo.save(discount);
      await this.conditions.upsertMany(manager, savedRule.id, rule.conditions ?? []);
      await emitEvent(manager, 'discount.created', { id: discount.id });
      return loadDiscount(manager, discount.id, relations);
    });
  }

  /**
   * Updates under a row lock. Dates are checked against the values the discount will
   * have (a new starts_at or the stored one); `regions` replaces the set (fixed rules:
   * one region at most); rule fields are merged and re-validated; conditions are upserted
   * by id; metadata is merged. Nothing is written when any check fails.
   */
  async update(id: string, input: AdminPostDiscountsDiscountReq, relations: string[]): Promise<Discount> {
    return this.tx.run(async (manager) => {
      const discount = await lockDiscount(manager, id);
      const rule = discount.rule_id ? await manager.getRepository(DiscountRule).findOne({ where: { id: discount.rule_id } }) : null;
      if (!rule) throw ApiError.invalid(`Discount with id ${id} has no rule`);
      if (input.rule && input.rule.id !== rule.id) {
        throw ApiError.invalid(`Rule with id ${input.rule.id} does not belong to Discount with id ${id}`);
      }

      const startsAt = input.starts_at ?? discount.starts_at;
      const endsAt = input.ends_at !== undefined ? input.ends_at : discount.ends_at;
      assertDateOrder(startsAt, endsAt);
      if (input.rule?.value !== undefined) assertRuleValue(rule.type, input.rule.value);
      assertUsageLimitCovers(input.usage_limit, discount.usage_count);
      (input.rule?.conditions ?? []).forEach(resolveConditionResources);
      let regions;
      if (input.regions !== undefined) {
        assertFixedRegionCount(rule.type, new Set(input.regions).size);
        regions = await findRegionsOrFail(manager, input.regions);
      }

      if (input.rule) {
        const { description, value, allocation } = input.rule;
        if (description !== undefined) rule.description = description;
        if (value !== undefined) rule.value = value;
        if (allocation !== undefined) rule.allocation = allocation;
        await manager.getRepository(DiscountRule).save(rule);
        await this.conditions.upsertMany(manager, rule.id, input.rule.conditions ?? []);
      }

      if (input.code !== undefined) discount.code = input.code;
      if (input.is_disabled !== undefined) discount.is_disabled = input.is_disabled;
      if (input.starts_at !== undefined) discount.starts_at = input.starts_at;
      if (input.ends_at !== undefined) discount.ends_at = input.ends_at;
      if (input.valid_duration !== undefined) discount.valid_duration = input.valid_duration;
      if (input.usage_limit !== undefined) discount.usage_limit = input.usage_limit;
      if (input.metadata !== undefined) discount.metadata = mergeMetadata(discount.metadata, input.metadata);
      if (regions) discount.regions = regions;
      await manager.getRepository(Discount).save(discount);
      return loadDiscount(manager, id, relations);
    });
  }

  /** Soft delete; the code becomes reusable. Deleting an unknown discount succeeds. */
  async delete(id: string): Promise<void> {
    await this.dataSource.getRepository(Discount).softDelete({ id });
  }

  /**
   * Links a region (a no-op when already linked). A fixed discount keeps at most one
   * region: adding a second is a 400. The discount row is locked so two concurrent adds
   * cannot both pass that check.
   */
  async addRegion(id: string, regionId: string): Promise<Discount> {
    return this.tx.run(async (manager) => {
      const discount = await lockDiscount(manager, id);
      const [region] = await findRegionsOrFail(manager, [regionId]);
      const linked = await linkedRegionIds(manager, id);
      if (!linked.includes(region.id)) {
        const rule = discount.rule_id ? await manager.getRepository(DiscountRule).findOne({ where: { id: discount.rule_id } }) : null;
        if (rule) assertFixedRegionCount(rule.type, linked.length + 1);
        await linkDiscountRegion(manager, id, region.id);
      }
      return loadDiscount(manager, id);
    });
  }

  /** Unlinks a region; not linked is a no-op. The discount must exist. */
  async removeRegion(id: string, regionId: string): Promise<Discount> {
    return this.tx.run(async (manager) => {
      await lockDiscount(manager, id);
      await unlinkDiscountRegion(manager, id, regionId);
      return loadDiscount(manager, id);
    });
  }

  /**
   * Generates a code under a dynamic discount: it shares the parent's rule (and so its
   * conditions), uses the parent's regions when applied, may be used `usage_limit` times
   * (1 by default) and, when the parent has a valid_duration, ends that long from now.
   * A non-dynamic parent is a 400.
   */
  async createDynamicCode(parentId: string, input: AdminPostDiscountsDiscountDynamicCodesReq): Promise<Discount> {
    return this.tx.run(async (manager) => {
      const parent = await lockDiscount(manager, parentId);
      if (!parent.is_dynamic) throw ApiError.notAllowed('Discount must be set to dynamic');
      const now = new Date();
      const repo = manager.getRepository(Discount);
      const child = repo.create({
        code: input.code,
        is_dynamic: true,
        is_disabled: false,
        rule_id: parent.rule_id,
        parent_discount_id: parent.id,
        starts_at: now,
        ends_at: parent.valid_duration ? addIsoDuration(now, parent.valid_duration) : null,
        valid_duration: null,
        usage_limit: input.usage_limit ?? 1,
        metadata: boundedJson('metadata', input.metadata ?? null),
      });
      await repo.save(child);
      return loadDiscount(manager, child.id);
    });
  }

  /** Soft-deletes the parent's generated code (matched case-insensitively); unknown code: no-op. Returns the parent. */
  async deleteDynamicCode(parentId: string, code: string): Promise<Discount> {
    return this.tx.run(async (manager) => {
      await lockDiscount(manager, parentId);
      await manager.getRepository(Discount).softDelete({ parent_discount_id: parentId, code: normalizeDiscountCode(code) });
      return loadDiscount(manager, parentId);
    });
  }

  /**
   * The live discounts with these codes (normalized by the caller) in the engine's shape,
   * keyed by code, in one query; an unknown code is absent (the caller answers its 404).
   */
  engineDiscountsByCode(codes: readonly string[], manager: EntityManager): Promise<Map<string, EngineDiscount>> {
    return engineDiscountsByCode(manager, codes);
  }

  /** The cart's live discounts in the engine's shape, ordered by code, in one query. */
  engineDiscountsOfCart(cartId: string, manager: EntityManager): Promise<EngineDiscount[]> {
    return engineDiscountsOfCart(manager, cartId);
  }

  /**
   * Consumes one use of each discount with a conditional atomic UPDATE, so concurrent
   * orders can never push `usage_count` past `usage_limit`. Throws not_allowed (Medusa's
   * message) naming the first exhausted code; call inside the order's transaction so a
   * failure rolls the other increments back.
   */
  async incrementUsage(discountIds: string[], manager: EntityManager): Promise<void> {
    for (const id of [...new Set(discountIds)]) {
      const result = await manager
        .createQueryBuilder()
        .update(Discount)
        .set({ usage_count: () => 'usage_count + 1' })
        .where('id = :id AND (usage_limit IS NULL OR usage_count < usage_limit)', { id })
        .execute();
      if (!result.affected) {
        const used = await manager.getRepository(Discount).findOne({ where: { id }, select: { id: true, code: true }, withDeleted: true });
        throw ApiError.notAllowed(`Discount ${used?.code ?? id} has been used maximum allowed times`);
      }
    }
  }
}
