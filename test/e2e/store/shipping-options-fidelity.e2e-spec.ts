import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createProduct } from '../../factories/product.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';
import { ShippingProfile } from '../../../src/modules/shipping/shipping-profile.entity';

type Option = Record<string, any>;

/**
 * Shipping options as Medusa v1.20 lists them to a storefront (ported from
 * integration-tests/api/__tests__/store/shipping-options.js and its pricing service).
 */
describe('Store shipping options: Medusa v1 fidelity', () => {
  let t: TestApp;
  let shop: Shop;
  let untaxed: Shop;
  let returnOption: Option;
  let adminOnly: Option;
  let otherProfileProduct: { id: string };
  let otherProfileOption: Option;

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    shop = await createShop(m); // EUR, 25 %, automatic taxes on, option at 1000
    untaxed = await createShop(m, { region: { name: 'No auto tax', currency_code: 'usd', countries: ['us'], automatic_taxes: false }, shippingAmount: 800 });
    returnOption = await createShippingOption(m, { region_id: shop.region.id, name: 'Return', is_return: true, amount: 200 });
    adminOnly = await createShippingOption(m, { region_id: shop.region.id, name: 'Staff', admin_only: true, amount: 0 });
    const profile = await m.getRepository(ShippingProfile).save(m.getRepository(ShippingProfile).create({ name: 'Bulky', type: 'custom' }));
    otherProfileProduct = await createProduct(m, { profile_id: profile.id, variants: [{ prices: [{ currency_code: 'eur', amount: 100 }] }] });
    otherProfileOption = await createShippingOption(m, { region_id: shop.region.id, name: 'Freight', profile_id: profile.id, amount: 5000 });
  });
  afterAll(() => t.close());

  const ids = (options: Option[]) => options.map((o) => o.id).sort();

  describe('GET /store/shipping-options/:cart_id', () => {
    it('adds the region tax to price_incl_tax when the region has automatic taxes', async () => {
      const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
      const [option] = (await t.http().get(`/store/shipping-options/${cart.id}`).expect(200)).body.shipping_options;
      expect(option).toMatchObject({ id: shop.shippingOption.id, amount: 1000, price_incl_tax: 1250, tax_amount: 250 });
      expect(option.tax_rates).toEqual([{ rate: 25, name: 'default', code: 'default' }]);
    });

    it('adds no tax in a region with automatic taxes off: no rates, price_incl_tax is the amount', async () => {
      const cart = await createCartViaApi(t, { region_id: untaxed.region.id, items: [{ variant_id: untaxed.variant.id, quantity: 1 }] });
      const [option] = (await t.http().get(`/store/shipping-options/${cart.id}`).expect(200)).body.shipping_options;
      expect(option).toMatchObject({ id: untaxed.shippingOption.id, amount: 800, price_incl_tax: 800, tax_amount: 0, tax_rates: [] });
    });

    it("lists a draft order's cart only its custom-priced option, at the custom price", async () => {
      const admin = await adminAgent(t);
      const second = await createShippingOption(t.dataSource.manager, { region_id: shop.region.id, name: 'Express', amount: 2000 });
      const draft = (
        await admin
          .post('/admin/draft-orders')
          .send({
            email: 'draft@test.com',
            region_id: shop.region.id,
            items: [{ variant_id: shop.variant.id, quantity: 1 }],
            shipping_methods: [{ option_id: second.id, price: 300 }],
          })
          .expect(200)
      ).body.draft_order;
      const options: Option[] = (await t.http().get(`/store/shipping-options/${draft.cart_id}`).expect(200)).body.shipping_options;
      expect(options).toHaveLength(1);
      expect(options[0]).toMatchObject({ id: second.id, amount: 300, price_incl_tax: 375, tax_amount: 75 });
    });
  });

  describe('GET /store/shipping-options', () => {
    it('lists every option a shopper may see, priced in its own region, never admin-only ones', async () => {
      const options: Option[] = (await t.http().get('/store/shipping-options').expect(200)).body.shipping_options;
      expect(ids(options)).toEqual(expect.arrayContaining([shop.shippingOption.id, untaxed.shippingOption.id, returnOption.id, otherProfileOption.id]));
      expect(ids(options)).not.toContain(adminOnly.id);
      expect(options.find((o) => o.id === shop.shippingOption.id)).toMatchObject({ price_incl_tax: 1250, tax_amount: 250, requirements: [] });
      expect(options.find((o) => o.id === untaxed.shippingOption.id)).toMatchObject({ price_incl_tax: 800, tax_amount: 0, tax_rates: [] });
    });

    it('filters by region_id, is_return and the shipping profiles of product_ids', async () => {
      const inRegion: Option[] = (await t.http().get(`/store/shipping-options?region_id=${untaxed.region.id}`).expect(200)).body.shipping_options;
      expect(ids(inRegion)).toEqual([untaxed.shippingOption.id]);

      const returns: Option[] = (await t.http().get(`/store/shipping-options?region_id=${shop.region.id}&is_return=true`).expect(200)).body.shipping_options;
      expect(ids(returns)).toEqual([returnOption.id]);
      const outbound: Option[] = (await t.http().get(`/store/shipping-options?region_id=${shop.region.id}&is_return=false`).expect(200)).body.shipping_options;
      expect(ids(outbound)).not.toContain(returnOption.id);

      const bulky: Option[] = (await t.http().get(`/store/shipping-options?product_ids=${otherProfileProduct.id}`).expect(200)).body.shipping_options;
      expect(ids(bulky)).toEqual([otherProfileOption.id]);
      const both: Option[] = (
        await t
          .http()
          .get(`/store/shipping-options?product_ids=${otherProfileProduct.id},${shop.product.id}&region_id=${shop.region.id}&is_return=false`)
          .expect(200)
      ).body.shipping_options;
      expect(ids(both)).toEqual(expect.arrayContaining([otherProfileOption.id, shop.shippingOption.id]));
      expect(ids(both)).not.toContain(returnOption.id);
    });

    it('400s a malformed is_return', async () => {
      const res = await t.http().get('/store/shipping-options?is_return=maybe').expect(400);
      expect(res.body.type).toBe('invalid_data');
    });
  });
});
