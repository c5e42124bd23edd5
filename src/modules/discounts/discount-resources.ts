import { EntityManager, In } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Region } from '../regions/region.entity';
import type { DiscountConditionType } from './discount-condition.entity';
import { CONDITION_RESOURCE_TABLES, liveResourceIds } from './discounts.repository';

/**
 * 404 naming the first id that is not a live row of the condition type's table, in the
 * words Medusa's foreign-key error used (`Product with product_id x does not exist.`).
 */
export async function assertResourcesExist(manager: EntityManager, type: DiscountConditionType, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const { table, column } = CONDITION_RESOURCE_TABLES[type];
  const found = await liveResourceIds(manager, type, ids);
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw ApiError.notFound(`${table[0].toUpperCase()}${table.slice(1)} with ${column} ${missing} does not exist.`);
  }
}

/** The live regions with these ids, in the given order; 404 (Medusa's message) for the first unknown one. */
export async function findRegionsOrFail(manager: EntityManager, ids: string[]): Promise<Region[]> {
  const unique = [...new Set(ids)];
  const regions = unique.length ? await manager.getRepository(Region).findBy({ id: In(unique) }) : [];
  const byId = new Map(regions.map((region) => [region.id, region]));
  const missing = unique.find((id) => !byId.has(id));
  if (missing !== undefined) throw ApiError.notFound(`Region with ${missing} was not found`);
  return unique.map((id) => byId.get(id)!);
}
