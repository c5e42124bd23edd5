import { calculateShippingMethodTotals } from '../../common/money';
import { calculateLineItemTotals } from '../../common/money/line-item-totals';
import { NO_OVERRIDES, OverrideRate, TaxRateOverrides, taxLinesWithOverrides } from './tax-rate-overrides';
import type { TaxRegion } from './tax-provider.interface';

const region: TaxRegion = { id: 'reg_eu', tax_rate: 25, tax_code: null, tax_provider_id: null };
const books: OverrideRate = { id: 'txr_books', rate: 6, name: 'Books', code: 'BOOK' };
const reduced: OverrideRate = { id: 'txr_reduced', rate: 12, name: 'Reduced', code: 'RED' };
const freeShipping: OverrideRate = { id: 'txr_ship', rate: 0, name: 'Shipping exempt', code: 'SHIP0' };

const overrides = (partial: Partial<Record<keyof TaxRateOverrides, Record<string, OverrideRate[]>>>): TaxRateOverrides => ({
  products: new Map(Object.entries(partial.products ?? {})),
  productTypes: new Map(Object.entries(partial.productTypes ?? {})),
  shippingOptions: new Map(Object.entries(partial.shippingOptions ?? {})),
});

describe("taxLinesWithOverrides (Medusa v1's system tax provider with tax rate overrides)", () => {
  it("gives every product line and shipping method the region's rate when nothing is attached", () => {
    const lines = taxLinesWithOverrides(
      [
        { id: 'li_1', product_id: 'prod_shirt', product_type_id: 'ptyp_clothes' },
        { id: 'li_custom', product_id: null, product_type_id: null },
      ],
      [{ id: 'sm_1', shipping_option_id: 'so_std' }],
      region,
      NO_OVERRIDES,
    );
    expect(lines).toEqual({
      items: { li_1: [{ rate: 25, name: 'default', code: 'default' }], li_custom: [] },
      shipping_methods: { sm_1: [{ rate: 25, name: 'default', code: 'default' }] },
    });
  });

  it("a product override replaces the region's rate for that product only", () => {
    const lines = taxLinesWithOverrides(
      [
        { id: 'li_book', product_id: 'prod_novel', product_type_id: null },
        { id: 'li_shirt', product_id: 'prod_shirt', product_type_id: null },
      ],
      [],
      region,
      overrides({ products: { prod_novel: [books] } }),
    );
    expect(lines.items.li_book).toEqual([{ rate: 6, name: 'Books', code: 'BOOK' }]);
    expect(lines.items.li_shirt).toEqual([{ rate: 25, name: 'default', code: 'default' }]);
    // 2 x 10.00 at 6 %: 1.20 of tax.
    expect(
      calculateLineItemTotals({ id: 'li_book', unit_price: 1000, quantity: 2, includes_tax: false, adjustments: [], tax_lines: lines.items.li_book }).tax_total,
    ).toBe(120);
  });

  it("a type override applies to the type's products; with a product override both add up, a rate attached to both once", () => {
    const lines = taxLinesWithOverrides(
      [
        { id: 'li_typed', product_id: 'prod_atlas', product_type_id: 'ptyp_books' },
        { id: 'li_both', product_id: 'prod_novel', product_type_id: 'ptyp_books' },
      ],
      [],
      region,
      overrides({ products: { prod_novel: [reduced, books] }, productTypes: { ptyp_books: [books] } }),
    );
    expect(lines.items.li_typed).toEqual([{ rate: 6, name: 'Books', code: 'BOOK' }]);
    expect(lines.items.li_both).toEqual([
      { rate: 12, name: 'Reduced', code: 'RED' },
      { rate: 6, name: 'Books', code: 'BOOK' },
    ]);
    // 12 % + 6 % = 18 % of 10.00.
    expect(
      calculateLineItemTotals({ id: 'li_both', unit_price: 1000, quantity: 1, includes_tax: false, adjustments: [], tax_lines: lines.items.li_both }).tax_total,
    ).toBe(180);
  });

  it("a shipping override replaces the region's rate for methods of that option", () => {
    const lines = taxLinesWithOverrides(
      [],
      [
        { id: 'sm_free', shipping_option_id: 'so_exempt' },
        { id: 'sm_std', shipping_option_id: 'so_std' },
      ],
      region,
      overrides({ shippingOptions: { so_exempt: [freeShipping] } }),
    );
    expect(lines.shipping_methods.sm_free).toEqual([{ rate: 0, name: 'Shipping exempt', code: 'SHIP0' }]);
    expect(lines.shipping_methods.sm_std).toEqual([{ rate: 25, name: 'default', code: 'default' }]);
    expect(calculateShippingMethodTotals({ id: 'sm_free', price: 500, includes_tax: false, tax_lines: lines.shipping_methods.sm_free }, false).tax_total).toBe(
      0,
    );
  });

  it('in a tax-inclusive region the override decides the tax taken out of the price', () => {
    const inclusive: TaxRegion = { ...region, tax_rate: 20 };
    const lines = taxLinesWithOverrides(
      [{ id: 'li_book', product_id: 'prod_novel', product_type_id: null }],
      [{ id: 'sm_1', shipping_option_id: 'so_std' }],
      inclusive,
      overrides({ products: { prod_novel: [{ ...books, rate: 10 }] } }),
    );
    expect(lines.items.li_book).toEqual([{ rate: 10, name: 'Books', code: 'BOOK' }]);
    // 11.00 including 10 %: 1.00 of tax, 10.00 net (not 1.83 at the region's 20 %).
    const totals = calculateLineItemTotals({
      id: 'li_book',
      unit_price: 1100,
      quantity: 1,
      includes_tax: true,
      adjustments: [],
      tax_lines: lines.items.li_book,
    });
    expect(totals.tax_total).toBe(100);
    expect(totals.subtotal).toBe(1000);
    expect(lines.shipping_methods.sm_1).toEqual([{ rate: 20, name: 'default', code: 'default' }]);
  });

  it('a rate without a value taxes nothing', () => {
    const lines = taxLinesWithOverrides(
      [{ id: 'li', product_id: 'p', product_type_id: null }],
      [],
      region,
      overrides({ products: { p: [{ ...books, rate: null }] } }),
    );
    expect(lines.items.li).toEqual([{ rate: 0, name: 'Books', code: 'BOOK' }]);
  });
});
