import { EntityManager, In } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Region } from '../regions/region.entity';
import type { DiscountConditionType } from './discount-condition.entity';

interface ResourceTable {
  /** Join table linking a condition to its resources. */
  joinTable: string;
  /** Resource column of the join table. */
  column: string;
  /** The resources' own table. */
  table: string;
}

/** Where each condition type keeps its resources. */
export const CONDITION_RESOURCE_TABLES: Record<DiscountConditionType, ResourceTable> = {
  products: { joinTable: 'discount_condition_product', column: 'product_id', table: 'product' },
  product_types: { joinTable: 'discount_condition_product_type', column: 'product_type_id', table: 'product_type' },
  product_collections: { joinTable: 'discount_condition_product_collection', column: 'product_collection_id', table: 'product_collection' },
  product_tags: { joinTable: 'discount_condition_product_tag', column: 'product_tag_id', table: 'product_tag' },
  customer_groups: { joinTable: 'discount_condition_customer_group', column: 'customer_group_id', table: 'customer_group' },
};

/**
 * 404 naming the first id that is not a live row of the condition type's table, in the
 * words Medusa's foreign-key error used (`Product with product_id x does not exist.`).
 */
export async function assertResourcesExist(manager: EntityManager, type: DiscountConditionType, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const { table, column } = CONDITION_RESOURCE_TABLES[type];
  const rows: Array<{ id: string }> = await manager.query(`SELECT id FROM "${table}" WHERE id = ANY($1) AND deleted_at IS NULL`, [ids]);
  const found = new Set(rows.map((row) => row.id));
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

/** Each condition's resource ids, read from the five join tables in one round trip. */
export async function loadConditionResourceIds(manager: EntityManager, conditionIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(conditionIds.map((id) => [id, []]));
  if (conditionIds.length === 0) return result;
  const union = Object.values(CONDITION_RESOURCE_TABLES)
    .map(({ joinTable, column }) => `SELECT condition_id, "${column}" AS resource_id FROM "${joinTable}" WHERE condition_id = ANY($1)`)
    .join(' UNION ALL ');
  const rows: Array<{ condition_id: string; resource_id: string }> = await manager.query(`${union} ORDER BY resource_id`, [conditionIds]);
  for (const row of rows) result.get(row.condition_id)?.push(row.resource_id);
  return result;
}
