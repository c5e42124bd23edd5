import type { EntityManager } from 'typeorm';
import type { OverrideRate, TaxRateOverrides } from './tax-rate-overrides';
import { NO_OVERRIDES } from './tax-rate-overrides';

/** What one tax calculation needs overrides for. */
export interface OverrideTargets {
  productIds: readonly string[];
  productTypeIds: readonly string[];
  shippingOptionIds: readonly string[];
}

/**
 * The region's rates attached to these products, product types and shipping options, in
 * ONE statement (nothing runs when there is nothing to look up); each target's rates in
 * the order they were created. A rate applies only in its own region, as in Medusa.
 */
export async function loadTaxRateOverrides(manager: EntityManager, regionId: string, targets: OverrideTargets): Promise<TaxRateOverrides> {
  const { productIds, productTypeIds, shippingOptionIds } = targets;
  if (!productIds.length && !productTypeIds.length && !shippingOptionIds.length) return NO_OVERRIDES;
  const rows = (await manager.query(
    `SELECT o.kind, o.target, r.id, r.rate, r.name, r.code
       FROM (
         SELECT 'product' AS kind, product_id AS target, rate_id FROM product_tax_rate WHERE product_id = ANY($2::varchar[])
         UNION ALL
         SELECT 'type', product_type_id, rate_id FROM product_type_tax_rate WHERE product_type_id = ANY($3::varchar[])
         UNION ALL
         SELECT 'option', shipping_option_id, rate_id FROM shipping_tax_rate WHERE shipping_option_id = ANY($4::varchar[])
       ) o
       JOIN tax_rate r ON r.id = o.rate_id AND r.region_id = $1
      ORDER BY r.created_at, r.id`,
    [regionId, productIds, productTypeIds, shippingOptionIds],
  )) as Array<OverrideRate & { kind: 'product' | 'type' | 'option'; target: string }>;
  const overrides = {
    products: new Map<string, OverrideRate[]>(),
    productTypes: new Map<string, OverrideRate[]>(),
    shippingOptions: new Map<string, OverrideRate[]>(),
  };
  const byKind = { product: overrides.products, type: overrides.productTypes, option: overrides.shippingOptions };
  for (const { kind, target, id, rate, name, code } of rows) {
    const map = byKind[kind];
    map.set(target, [...(map.get(target) ?? []), { id, rate, name, code }]);
  }
  return overrides;
}

/** The join table of one kind of override, and its target column. */
const OVERRIDE_JOINS = {
  products: { table: 'product_tax_rate', column: 'product_id' },
  product_types: { table: 'product_type_tax_rate', column: 'product_type_id' },
  shipping_options: { table: 'shipping_tax_rate', column: 'shipping_option_id' },
} as const;
export type OverrideKind = keyof typeof OVERRIDE_JOINS;

/** Attaches the rate to these targets (already attached: nothing). */
export async function attachRate(manager: EntityManager, kind: OverrideKind, rateId: string, targetIds: readonly string[]): Promise<void> {
  if (!targetIds.length) return;
  const { table, column } = OVERRIDE_JOINS[kind];
  await manager.query(`INSERT INTO ${table} (rate_id, ${column}) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [rateId, targetIds]);
}

/** Detaches the rate from these targets, or from every target of the kind but `keep` (a replacement). */
export async function detachRate(
  manager: EntityManager,
  kind: OverrideKind,
  rateId: string,
  targets: { only: readonly string[] } | { keep: readonly string[] },
): Promise<void> {
  const { table, column } = OVERRIDE_JOINS[kind];
  if ('only' in targets) await manager.query(`DELETE FROM ${table} WHERE rate_id = $1 AND ${column} = ANY($2::varchar[])`, [rateId, targets.only]);
  else await manager.query(`DELETE FROM ${table} WHERE rate_id = $1 AND NOT (${column} = ANY($2::varchar[]))`, [rateId, targets.keep]);
}
