import type { TaxRateOverrides } from './tax-rate-overrides';

/** One tax applied to a line or a shipping method; rates are percentages (25 = 25 %). */
export interface ComputedTaxLine {
  rate: number;
  name: string;
  code: string | null;
}

export interface TaxableLineItem {
  id: string;
  /** Null for custom lines, which are never taxed (as in Medusa v1). */
  product_id: string | null;
  product_type_id: string | null;
}

export interface TaxableShippingMethod {
  id: string;
  shipping_option_id: string;
}

export interface TaxRegion {
  id: string;
  tax_rate: number;
  tax_code: string | null;
  tax_provider_id: string | null;
}

export interface TaxCalculationContext {
  region: TaxRegion;
  /**
   * The region's tax rates attached to the calculation's products, types and options
   * (loadTaxRateOverrides); none given: the region's rate everywhere.
   */
  overrides?: TaxRateOverrides;
  /** Lower-case ISO country of the shipping address, when known. */
  shipping_country_code: string | null;
  customer_id: string | null;
}

export interface TaxLinesResult {
  items: Record<string, ComputedTaxLine[]>;
  shipping_methods: Record<string, ComputedTaxLine[]>;
}

/**
 * A pluggable tax calculator, chosen per region by `region.tax_provider_id` (null means
 * the built-in `system` provider). Implementations must be pure with respect to the
 * database: the caller persists the lines it is given (at completion).
 */
export interface TaxProvider {
  readonly id: string;
  getTaxLines(items: TaxableLineItem[], shippingMethods: TaxableShippingMethod[], context: TaxCalculationContext): Promise<TaxLinesResult>;
}
