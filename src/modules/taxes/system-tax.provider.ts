import type { TaxableLineItem, TaxableShippingMethod, TaxCalculationContext, TaxLinesResult, TaxProvider } from './tax-provider.interface';
import { NO_OVERRIDES, taxLinesWithOverrides } from './tax-rate-overrides';

/**
 * The built-in provider, Medusa v1's system provider: a product line gets the rates
 * attached to its product or type, a shipping method those attached to its option, the
 * region's rate (`default`) otherwise (taxLinesWithOverrides, with the context's
 * overrides). Custom lines without a product get none.
 */
export class SystemTaxProvider implements TaxProvider {
  readonly id = 'system';

  async getTaxLines(items: TaxableLineItem[], shippingMethods: TaxableShippingMethod[], context: TaxCalculationContext): Promise<TaxLinesResult> {
    return taxLinesWithOverrides(items, shippingMethods, context.region, context.overrides ?? NO_OVERRIDES);
  }
}
