import type { ComputedTaxLine, TaxableLineItem, TaxableShippingMethod, TaxLinesResult, TaxRegion } from './tax-provider.interface';

/** A tax rate attached to a product, a product type or a shipping option (its region's). */
export interface OverrideRate {
  id: string;
  rate: number | null;
  name: string;
  code: string | null;
}

/** The region's rates attached to the products, types and options of one calculation, by target id. */
export interface TaxRateOverrides {
  products: ReadonlyMap<string, readonly OverrideRate[]>;
  productTypes: ReadonlyMap<string, readonly OverrideRate[]>;
  shippingOptions: ReadonlyMap<string, readonly OverrideRate[]>;
}

export const NO_OVERRIDES: TaxRateOverrides = { products: new Map(), productTypes: new Map(), shippingOptions: new Map() };

const regionLine = (region: TaxRegion): ComputedTaxLine => ({ rate: region.tax_rate, name: 'default', code: 'default' });
// Medusa allows a rate without a value; it taxes nothing.
const lineOf = (rate: OverrideRate): ComputedTaxLine => ({ rate: rate.rate ?? 0, name: rate.name, code: rate.code });

/**
 * Medusa v1's system tax provider (TaxProviderService.getRegionRatesForProduct /
 * getRegionRatesForShipping): a product line gets one tax line per rate attached to its
 * product or to its product type (a rate attached to both counts once; the lines add up,
 * 10 % + 25 % = 35 %), and the region's rate (`default`) when none is; a shipping method
 * gets the rates attached to its option, else the region's. A line without a product (a
 * custom line) gets none. Whether prices include the tax changes how much each line takes,
 * not which lines apply (the totals calculator's part). Pure: the overrides are loaded by
 * the caller (loadTaxRateOverrides).
 */
export function taxLinesWithOverrides(
  items: readonly TaxableLineItem[],
  shippingMethods: readonly TaxableShippingMethod[],
  region: TaxRegion,
  overrides: TaxRateOverrides,
): TaxLinesResult {
  const result: TaxLinesResult = { items: {}, shipping_methods: {} };
  for (const item of items) {
    if (!item.product_id) {
      result.items[item.id] = [];
      continue;
    }
    const rates = new Map<string, OverrideRate>();
    for (const rate of overrides.products.get(item.product_id) ?? []) rates.set(rate.id, rate);
    if (item.product_type_id) for (const rate of overrides.productTypes.get(item.product_type_id) ?? []) rates.set(rate.id, rate);
    result.items[item.id] = rates.size ? [...rates.values()].map(lineOf) : [regionLine(region)];
  }
  for (const method of shippingMethods) {
    const rates = overrides.shippingOptions.get(method.shipping_option_id) ?? [];
    result.shipping_methods[method.id] = rates.length ? rates.map(lineOf) : [regionLine(region)];
  }
  return result;
}
