import { SystemTaxProvider } from './system-tax.provider';

describe('SystemTaxProvider (built-in: the region rate)', () => {
  it('gives product lines and shipping methods one "default" line at the region rate, custom lines none', async () => {
    const result = await new SystemTaxProvider().getTaxLines(
      [
        { id: 'item_1', product_id: 'prod_1', product_type_id: null },
        { id: 'item_custom', product_id: null, product_type_id: null },
      ],
      [{ id: 'sm_1', shipping_option_id: 'so_1' }],
      { region: { id: 'reg_1', tax_rate: 19, tax_code: null, tax_provider_id: null }, shipping_country_code: 'de', customer_id: null },
    );
    expect(result).toEqual({
      items: { item_1: [{ rate: 19, name: 'default', code: 'default' }], item_custom: [] },
      shipping_methods: { sm_1: [{ rate: 19, name: 'default', code: 'default' }] },
    });
  });
});
