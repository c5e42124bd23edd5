import { createTestApp, TestApp } from '../../helpers/app';
import { eventually } from '../../helpers/change-notices';
import { createCartViaApi } from '../../factories/cart.factory';
import { createProduct } from '../../factories/product.factory';
import { createProductCategory } from '../../factories/product-category.factory';
import { createRegion } from '../../factories/region.factory';
import { ProductCollection } from '../../../src/modules/collections/product-collection.entity';
import type { Product } from '../../../src/modules/products/product.entity';
import type { Region } from '../../../src/modules/regions/region.entity';

type Body = Record<string, any>;

/**
 * Store product prices and list options as Medusa v1.20 answers them (ported from
 * integration-tests/api/__tests__/store/products.js and its pricing service).
 */
describe('Store products: Medusa v1 prices and list fidelity', () => {
  let t: TestApp;
  let eu: Region;
  let noTax: Region;
  let shirt: Product;

  const TAX_FIELDS = ['original_price_incl_tax', 'calculated_price_incl_tax', 'original_tax', 'calculated_tax', 'tax_rates'];

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    eu = await createRegion(m, { name: 'EU' }); // EUR, 25 %, automatic taxes
    noTax = await createRegion(m, { name: 'Manual taxes', currency_code: 'usd', countries: ['us'], automatic_taxes: false });
    const prints = await m.getRepository(ProductCollection).save(m.getRepository(ProductCollection).create({ title: 'Art prints', handle: 'art-prints' }));
    shirt = await createProduct(m, {
      title: 'Shirt',
      handle: 'shirt',
      variants: [
        {
          option_value: 'S',
          title: 'Bravo',
          sku: 'SHIRT-SMALL',
          prices: [
            { currency_code: 'eur', amount: 1950 },
            { currency_code: 'usd', amount: 2200 },
          ],
        },
        {
          option_value: 'M',
          title: 'Zulu',
          prices: [
            { currency_code: 'eur', amount: 1950 },
            { currency_code: 'eur', amount: 1500, region_id: eu.id },
            { currency_code: 'usd', amount: 2300 },
          ],
        },
      ],
    });
    await createProduct(m, {
      title: 'Mug',
      handle: 'mug',
      variants: [{ title: 'Alpha', prices: [{ currency_code: 'eur', amount: 500 }] }],
    });
    await createProduct(m, {
      title: 'Poster',
      handle: 'poster',
      collection_id: prints.id,
      variants: [{ title: 'Mike', prices: [{ currency_code: 'eur', amount: 9000 }] }],
    });
    await createProductCategory(m, { name: 'Tops', handle: 'tops', product_ids: [shirt.id] });
    await createProductCategory(m, { name: 'Hidden', handle: 'hidden', is_internal: true, product_ids: [shirt.id] });
    await createProductCategory(m, { name: 'Retired', handle: 'retired', is_active: false, product_ids: [shirt.id] });
  });
  afterAll(() => t.close());

  const get = async (url: string): Promise<Body> => (await t.http().get(url).expect(200)).body;
  const variantsOf = (body: Body, handle: string) => (body.products ?? [body.product]).find((p: Body) => p.handle === handle).variants as Body[];

  describe('prices of each variant', () => {
    it('without a region or currency: every price, and null calculated, original and tax figures', async () => {
      const [small] = variantsOf(await get('/store/products?handle=shirt'), 'shirt');
      expect(small.prices).toHaveLength(2);
      expect(small).toMatchObject({ calculated_price: null, original_price: null });
      for (const field of TAX_FIELDS) expect(small[field]).toBeNull();
    });

    it('in a region with automatic taxes: only that currency, and the tax on the calculated and original prices', async () => {
      const [small, medium] = variantsOf(await get(`/store/products?handle=shirt&region_id=${eu.id}`), 'shirt');
      expect(small.prices.map((p: Body) => p.currency_code)).toEqual(['eur']);
      expect(small).toMatchObject({
        calculated_price: 1950,
        original_price: 1950,
        calculated_price_type: 'default',
        calculated_tax: 488, // 487.5 rounded half up
        original_tax: 488,
        calculated_price_incl_tax: 2438,
        original_price_incl_tax: 2438,
        tax_rates: [{ rate: 25, name: 'default', code: 'default' }],
      });
      expect(medium.prices.map((p: Body) => p.amount).sort()).toEqual([1500, 1950]);
      expect(medium).toMatchObject({ calculated_price: 1500, original_price: 1500, calculated_tax: 375, calculated_price_incl_tax: 1875 });
    });

    it('the same for a single product, and for the region of cart_id', async () => {
      const one = variantsOf(await get(`/store/products/${shirt.id}?region_id=${eu.id}`), 'shirt');
      expect(one[1]).toMatchObject({ calculated_price: 1500, calculated_price_incl_tax: 1875, tax_rates: [{ rate: 25 }] });
      const cart = await createCartViaApi(t, { region_id: eu.id });
      const viaCart = variantsOf(await get(`/store/products?handle=shirt&cart_id=${cart.id}`), 'shirt');
      expect(viaCart[0]).toMatchObject({ calculated_price: 1950, calculated_tax: 488, calculated_price_incl_tax: 2438 });
      expect(viaCart[0].prices.map((p: Body) => p.currency_code)).toEqual(['eur']);
    });

    it('in a region with automatic taxes off, or for a currency alone: prices in that currency, no tax figures', async () => {
      for (const query of [`region_id=${noTax.id}`, 'currency_code=USD']) {
        const [small, medium] = variantsOf(await get(`/store/products?handle=shirt&${query}`), 'shirt');
        expect(small).toMatchObject({ calculated_price: 2200, original_price: 2200 });
        expect(medium).toMatchObject({ calculated_price: 2300 });
        expect(small.prices.map((p: Body) => p.currency_code)).toEqual(['usd']);
        for (const field of TAX_FIELDS) expect(small[field]).toBeNull();
      }
    });

    it('follows a change of the region rate at once (the catalogue cache drops the answer)', async () => {
      const url = `/store/products?handle=mug&region_id=${eu.id}`;
      expect(variantsOf(await get(url), 'mug')[0]).toMatchObject({ calculated_tax: 125, calculated_price_incl_tax: 625 });
      await t.dataSource.query('UPDATE region SET tax_rate = 10 WHERE id = $1', [eu.id]);
      try {
        await eventually(
          async () => variantsOf(await get(url), 'mug')[0],
          (v) => v.calculated_tax === 50 && v.calculated_price_incl_tax === 550,
          'the new rate',
        );
      } finally {
        await t.dataSource.query('UPDATE region SET tax_rate = 25 WHERE id = $1', [eu.id]);
      }
    });
  });

  describe('list options', () => {
    const handles = async (query: string) => ((await get(`/store/products?${query}`)).products as Body[]).map((p) => p.handle);

    it('orders by the variants titles, ascending by the smallest, descending by the largest', async () => {
      // Mug: Alpha; Shirt: Bravo, Zulu; Poster: Mike.
      expect(await handles('order=variants.title')).toEqual(['mug', 'shirt', 'poster']);
      expect(await handles('order=-variants.title')).toEqual(['shirt', 'poster', 'mug']);
    });

    it('orders by the variants prices amounts', async () => {
      // Mug: 500; Shirt: 1500 to 2300; Poster: 9000.
      expect(await handles('order=variants.prices.amount')).toEqual(['mug', 'shirt', 'poster']);
      expect(await handles('order=-variants.prices.amount')).toEqual(['poster', 'shirt', 'mug']);
      expect(await handles('order=variants.prices.amount&limit=1&offset=1')).toEqual(['shirt']);
    });

    it('q searches variant SKUs and titles and the collection title, beside the product title and description', async () => {
      expect(await handles('q=shirt-small')).toEqual(['shirt']);
      expect(await handles('q=zulu')).toEqual(['shirt']);
      expect(await handles('q=art print')).toEqual(['poster']);
      expect((await get('/store/products?q=shirt-small')).count).toBe(1);
    });

    it('sends the shipping profiles by default and expands the active, public categories', async () => {
      const [product] = (await get('/store/products?handle=shirt')).products;
      expect(product.profiles).toEqual([expect.objectContaining({ id: 'sp_default' })]);
      const expanded = await get('/store/products?handle=shirt&expand=categories,variants');
      expect(expanded.products[0].categories.map((c: Body) => c.handle)).toEqual(['tops']);
      const one = await get(`/store/products/${shirt.id}?expand=categories`);
      expect(one.product.categories.map((c: Body) => c.handle)).toEqual(['tops']);
      await t.http().get('/store/products?expand=profiles').expect(200);
    });

    it('with fields, a list keeps id and created_at beside the named fields and the relations', async () => {
      const [product] = (await get('/store/products?handle=mug&fields=handle')).products;
      expect(Object.keys(product).sort()).toEqual(['collection', 'created_at', 'handle', 'id', 'images', 'options', 'profiles', 'tags', 'type', 'variants']);
    });

    it('still refuses other nested orders', async () => {
      for (const order of ['variants', 'variants.sku', 'collection.title', 'password_hash']) {
        expect((await t.http().get(`/store/products?order=${order}`).expect(400)).body.type).toBe('invalid_data');
      }
    });
  });
});
