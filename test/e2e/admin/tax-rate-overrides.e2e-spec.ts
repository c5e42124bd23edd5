import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { TaxRatesService } from '../../../src/modules/taxes/tax-rates.service';

type Body = Record<string, any>;

/**
 * Tax rate overrides as the database holds them (product_tax_rate, product_type_tax_rate,
 * shipping_tax_rate): loaded per region in one statement, and applied to the priced
 * shipping option lists as Medusa's are.
 */
describe('Tax rate overrides', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const rate = async (id: string, regionId: string, value: number | null, name: string) =>
    t.dataSource.query(`INSERT INTO tax_rate (id, region_id, rate, name, code) VALUES ($1, $2, $3, $4, $5)`, [id, regionId, value, name, name.toUpperCase()]);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it("loads the region's rates attached to products, types and options, leaving other regions' out", async () => {
    const eu = await createRegion(t.dataSource.manager, { name: 'EU', countries: ['de'] });
    const uk = await createRegion(t.dataSource.manager, { name: 'UK', currency_code: 'gbp', countries: ['gb'] });
    const book = await createProduct(t.dataSource.manager, { handle: 'novel' });
    const [{ id: typeId }] = await t.dataSource.query(`INSERT INTO product_type (id, value) VALUES ('ptyp_books', 'Books') RETURNING id`);
    const option = await createShippingOption(t.dataSource.manager, { region_id: eu.id });
    await rate('txr_books', eu.id, 6, 'Books');
    await rate('txr_type', eu.id, 7, 'Type');
    await rate('txr_ship', eu.id, 0, 'Ship');
    await rate('txr_uk', uk.id, 5, 'UK books');
    await t.dataSource.query(`INSERT INTO product_tax_rate (product_id, rate_id) VALUES ($1, 'txr_books'), ($1, 'txr_uk')`, [book.id]);
    await t.dataSource.query(`INSERT INTO product_type_tax_rate (product_type_id, rate_id) VALUES ($1, 'txr_type')`, [typeId]);
    await t.dataSource.query(`INSERT INTO shipping_tax_rate (shipping_option_id, rate_id) VALUES ($1, 'txr_ship')`, [option.id]);

    const overrides = await t.app
      .get(TaxRatesService)
      .overrides(eu.id, { productIds: [book.id, 'prod_none'], productTypeIds: [typeId], shippingOptionIds: [option.id] });
    expect(overrides.products.get(book.id)).toEqual([{ id: 'txr_books', rate: 6, name: 'Books', code: 'BOOKS' }]);
    expect(overrides.products.has('prod_none')).toBe(false);
    expect(overrides.productTypes.get(typeId)).toEqual([{ id: 'txr_type', rate: 7, name: 'Type', code: 'TYPE' }]);
    expect(overrides.shippingOptions.get(option.id)).toEqual([{ id: 'txr_ship', rate: 0, name: 'Ship', code: 'SHIP' }]);
    const inUk = await t.app.get(TaxRatesService).overrides(uk.id, { productIds: [book.id], productTypeIds: [], shippingOptionIds: [option.id] });
    expect(inUk.products.get(book.id)).toEqual([{ id: 'txr_uk', rate: 5, name: 'UK books', code: 'UK BOOKS' }]);
    expect(inUk.shippingOptions.size).toBe(0);
  });

  it("prices the admin's and the store's option lists with the option's override, the region's rate otherwise", async () => {
    const region = await createRegion(t.dataSource.manager, { name: 'Nordics', tax_rate: 25, countries: ['se'] });
    const exempt = await createShippingOption(t.dataSource.manager, { region_id: region.id, name: 'Exempt', amount: 1000 });
    const normal = await createShippingOption(t.dataSource.manager, { region_id: region.id, name: 'Normal', amount: 1000 });
    await rate('txr_exempt', region.id, 10, 'Reduced shipping');
    await t.dataSource.query(`INSERT INTO shipping_tax_rate (shipping_option_id, rate_id) VALUES ($1, 'txr_exempt')`, [exempt.id]);

    const listed = (await admin.get(`/admin/shipping-options?region_id=${region.id}`).expect(200)).body.shipping_options as Body[];
    const byName = (rows: Body[], name: string) => rows.find((o) => o.name === name)!;
    expect(byName(listed, 'Exempt')).toMatchObject({
      tax_rates: [{ rate: 10, name: 'Reduced shipping', code: 'REDUCED SHIPPING' }],
      tax_amount: 100,
      price_incl_tax: 1100,
    });
    expect(byName(listed, 'Normal')).toMatchObject({ tax_rates: [{ rate: 25, name: 'default', code: 'default' }], tax_amount: 250, price_incl_tax: 1250 });
    const store = (await t.http().get(`/store/shipping-options?region_id=${region.id}`).expect(200)).body.shipping_options as Body[];
    expect(byName(store, 'Exempt')).toMatchObject({ tax_amount: 100, price_incl_tax: 1100 });
    expect(byName(store, 'Normal').id).toBe(normal.id);
  });
});
