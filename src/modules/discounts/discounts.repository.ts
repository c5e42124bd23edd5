import type { EntityManager } from 'typeorm';
import type { DiscountConditionType } from './discount-condition.entity';
import type { EngineCondition, EngineDiscount } from './engine/types';

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
 * Live discounts in the engine's shape, read in ONE query (through TypeORM's relation
 * loading the same tree cost six to seven): soft-deleted discounts, rules, conditions and
 * regions are left out; a generated dynamic code takes its parent's regions (none when the parent is
 * deleted); condition resource ids come from the five join tables, sorted.
 * Cart writes call this on every change (adding a line, applying a code), so it is a
 * fixed text that the prepared-statement registry names.
 */
const RESOURCE_IDS = Object.values(CONDITION_RESOURCE_TABLES)
  .map(({ joinTable, column }) => `SELECT "${column}" AS rid FROM "${joinTable}" WHERE condition_id = c.id`)
  .join(' UNION ALL ');

const SELECT_ENGINE_DISCOUNTS = `
  SELECT d.id, d.code, d.is_disabled, d.is_dynamic, d.starts_at, d.ends_at, d.valid_duration, d.created_at,
         d.usage_limit, d.usage_count, d.parent_discount_id,
         r.id AS rule_id, r.type AS rule_type, r.value AS rule_value, r.allocation AS rule_allocation,
         (SELECT coalesce(json_agg(dr.region_id ORDER BY dr.region_id), '[]'::json)
            FROM discount_regions dr JOIN region rg ON rg.id = dr.region_id AND rg.deleted_at IS NULL
           WHERE dr.discount_id = coalesce(d.parent_discount_id, d.id)
             AND (d.parent_discount_id IS NULL
                  OR EXISTS (SELECT 1 FROM discount p WHERE p.id = d.parent_discount_id AND p.deleted_at IS NULL))) AS region_ids,
         (SELECT coalesce(json_agg(json_build_object(
                   'type', c.type, 'operator', c.operator,
                   'resource_ids', (SELECT coalesce(json_agg(x.rid ORDER BY x.rid), '[]'::json) FROM (${RESOURCE_IDS}) x)
                 ) ORDER BY c.id), '[]'::json)
            FROM discount_condition c WHERE c.discount_rule_id = r.id AND c.deleted_at IS NULL) AS conditions
    FROM discount d
    LEFT JOIN discount_rule r ON r.id = d.rule_id AND r.deleted_at IS NULL
   WHERE d.deleted_at IS NULL`;

const BY_CODES = `${SELECT_ENGINE_DISCOUNTS} AND d.code = ANY($1::varchar[])`;
const OF_CART = `${SELECT_ENGINE_DISCOUNTS} AND d.id IN (SELECT discount_id FROM cart_discounts WHERE cart_id = $1) ORDER BY d.code`;

/** One row of the lookup: the engine's discount with its rule flattened into columns. */
type EngineDiscountRow = Omit<EngineDiscount, 'rule'> & {
  rule_id: string | null;
  rule_type: EngineDiscount['rule']['type'];
  rule_value: number;
  rule_allocation: EngineDiscount['rule']['allocation'];
  conditions: EngineCondition[];
  resource_ids: string[];
};

function toEngine(row: EngineDiscountRow): EngineDiscount {
  if (row.rule_id === null) throw new Error(`engine discount ${row.id} has no live rule`);
  return {
    id: row.id,
    code: row.code,
    is_disabled: row.is_disabled,
    is_dynamic: row.is_dynamic,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    valid_duration: row.valid_duration,
    created_at: row.created_at,
    usage_limit: row.usage_limit,
    usage_count: row.usage_count,
    region_ids: row.region_ids,
    rule: { type: row.rule_type, value: row.rule_value, allocation: row.rule_allocation, conditions: row.conditions },
  };
}

/** The live discounts with these (normalized) codes, keyed by code; unknown codes are absent. */
export async function engineDiscountsByCode(manager: EntityManager, codes: readonly string[]): Promise<Map<string, EngineDiscount>> {
  if (codes.length === 0) return new Map();
  const rows: EngineDiscountRow[] = await manager.query(BY_CODES, [codes]);
  return new Map(rows.map((row) => [row.code, toEngine(row)]));
}

/** The cart's live discounts, ordered by code. */
export async function engineDiscountsOfCart(manager: EntityManager, cartId: string): Promise<EngineDiscount[]> {
  const rows: EngineDiscountRow[] = await manager.query(OF_CART, [cartId]);
  return rows.map(toEngine);
}

/** The ids among `ids` that are live rows of the condition type's resource table. */
export async function liveResourceIds(manager: EntityManager, type: DiscountConditionType, ids: readonly string[]): Promise<Set<string>> {
  const { table } = CONDITION_RESOURCE_TABLES[type];
  const rows: Array<{ id: string }> = await manager.query(`SELECT id FROM "${table}" WHERE id = ANY($1) AND deleted_at IS NULL`, [ids]);
  return new Set(rows.map((row) => row.id));
}

/** Links resources to a condition (already linked ones are skipped). */
export async function linkConditionResources(
  manager: EntityManager,
  condition: { id: string; type: DiscountConditionType },
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const { joinTable, column } = CONDITION_RESOURCE_TABLES[condition.type];
  await manager.query(`INSERT INTO "${joinTable}" (condition_id, "${column}") SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [condition.id, ids]);
}

/** Unlinks these resources from a condition. */
export async function unlinkConditionResources(
  manager: EntityManager,
  condition: { id: string; type: DiscountConditionType },
  ids: readonly string[],
): Promise<void> {
  const { joinTable, column } = CONDITION_RESOURCE_TABLES[condition.type];
  await manager.query(`DELETE FROM "${joinTable}" WHERE condition_id = $1 AND "${column}" = ANY($2)`, [condition.id, ids]);
}

/** Unlinks every resource of a condition but these. */
export async function unlinkConditionResourcesExcept(
  manager: EntityManager,
  condition: { id: string; type: DiscountConditionType },
  ids: readonly string[],
): Promise<void> {
  const { joinTable, column } = CONDITION_RESOURCE_TABLES[condition.type];
  await manager.query(`DELETE FROM "${joinTable}" WHERE condition_id = $1 AND NOT ("${column}" = ANY($2))`, [condition.id, ids]);
}

/** The ids of the regions linked to a discount. */
export async function linkedRegionIds(manager: EntityManager, discountId: string): Promise<string[]> {
  const rows: Array<{ region_id: string }> = await manager.query('SELECT region_id FROM discount_regions WHERE discount_id = $1', [discountId]);
  return rows.map((row) => row.region_id);
}

export async function linkDiscountRegion(manager: EntityManager, discountId: string, regionId: string): Promise<void> {
  await manager.query('INSERT INTO discount_regions (discount_id, region_id) VALUES ($1, $2)', [discountId, regionId]);
}

export async function unlinkDiscountRegion(manager: EntityManager, discountId: string, regionId: string): Promise<void> {
  await manager.query('DELETE FROM discount_regions WHERE discount_id = $1 AND region_id = $2', [discountId, regionId]);
}
