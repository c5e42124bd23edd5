import type { ComputedTaxLine, TaxableLineItem, TaxableShippingMethod, TaxCalculationContext, TaxLinesResult, TaxProvider } from './tax-provider.interface';

/**
 * The built-in provider: every product line and every shipping method gets one line at
 * the region's rate, named `default` (Medusa v1's system provider without tax-rate
 * overrides). Custom lines without a product get none.
 */
export class SystemTaxProvider implements TaxProvider {
  readonly id = 'system';

  async getTaxLines(items: TaxableLineItem[], shippingMethods: TaxableShippingMethod[], context: TaxCalculationContext): Promise<TaxLinesResult> {
    const regionLine = (): ComputedTaxLine => ({ rate: context.region.tax_rate, name: 'default', code: 'default' });
    const result: TaxLinesResult = { items: {}, shipping_methods: {} };
    for (const item of items) result.items[item.id] = item.product_id ? [regionLine()] : [];
    for (const method of shippingMethods) result.shipping_methods[method.id] = [regionLine()];
    return result;
  }
}
