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
