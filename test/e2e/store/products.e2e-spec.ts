import { createTestApp, TestApp } from '../../helpers/app';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import type { Product } from '../../../src/modules/products/product.entity';
import type { Region } from '../../../src/modules/regions/region.entity';
import { ProductCollection } from '../../../src/modules/collections/product-collection.entity';

describe('Store products (/store/products)', () => {
  let t: TestApp;
  let eu: Region;
  let shirt: Product;
  let mug: Product;
  let collection: ProductCollection;

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    eu = await createRegion(m, { name: 'EU' });
    collection = await m.getRepository(ProductCollection).save(m.getRepository(ProductCollection).create({ title: 'Summer', handle: 'summer' }));
    shirt = await createProduct(m, {
      title: 'Medusa T-Shirt',
      handle: 't-shirt',
      collection_id: collection.id,
      variants: [
        {
          option_value: 'S',
          prices: [
            { currency_code: 'eur', amount: 1950 },
            { currency_code: 'usd', amount: 2200 },
          ],
        },
        {
          option_value: 'M',
          prices: [
            { currency_code: 'eur', amount: 1950 },
            { currency_code: 'eur', amount: 1500, region_id: eu.id },
          ],
        },
      ],
    });
    mug = await createProduct(m, { title: 'Coffee Mug', handle: 'mug', description: 'Holds 100% coffee' });
    await createProduct(m, { title: 'Draft thing', handle: 'draft', status: 'draft' });
  });
  afterAll(() => t.close());

  it('lists published products with variants, prices, options and a count', async () => {
    const res = await t.http().get('/store/products').expect(200);
    expect(res.body).toMatchObject({ count: 2, offset: 0, limit: 100 });
    const ids = res.body.products.map((p: Product) => p.id).sort();
    expect(ids).toEqual([shirt.id, mug.id].sort());
    const body = res.body.products.find((p: Product) => p.id === shirt.id);
    expect(body.variants.map((v: { title: string }) => v.title)).toEqual(['S', 'M']);
    expect(body.variants[0].prices).toHaveLength(2);
    expect(body.options[0].values).toHaveLength(2);
    expect(body.collection).toMatchObject({ id: collection.id, handle: 'summer' });
    // As Medusa: priced variants always carry the price fields, null without a region or currency.
    expect(body.variants[0]).toMatchObject({ calculated_price: null, original_price: null, calculated_price_incl_tax: null, tax_rates: null });
  });

  it('filters by handle, collection_id, id and q (title, description, variants, collection)', async () => {
    const byHandle = await t.http().get('/store/products?handle=mug').expect(200);
    expect(byHandle.body.products.map((p: Product) => p.id)).toEqual([mug.id]);
    const byCollection = await t.http().get(`/store/products?collection_id[]=${collection.id}`).expect(200);
    expect(byCollection.body.products.map((p: Product) => p.id)).toEqual([shirt.id]);
    const byId = await t.http().get(`/store/products?id=${mug.id}`).expect(200);
    expect(byId.body.count).toBe(1);
    const byQ = await t.http().get('/store/products?q=100%25').expect(200);
    expect(byQ.body.products.map((p: Product) => p.id)).toEqual([mug.id]);
  });

  it('never lists draft products, even by handle', async () => {
    const res = await t.http().get('/store/products?handle=draft').expect(200);
    expect(res.body.count).toBe(0);
  });

  it('adds calculated_price per variant for a region: the lowest of region and currency prices', async () => {
    const res = await t.http().get(`/store/products?region_id=${eu.id}&handle=t-shirt`).expect(200);
    const [small, medium] = res.body.products[0].variants;
    expect(small).toMatchObject({ calculated_price: 1950, original_price: 1950 });
    expect(medium).toMatchObject({ calculated_price: 1500, original_price: 1500 });
  });

  it('adds calculated_price for a currency', async () => {
    const res = await t.http().get('/store/products?currency_code=USD&handle=t-shirt').expect(200);
    const [small, medium] = res.body.products[0].variants;
    expect(small.calculated_price).toBe(2200);
    expect(medium.calculated_price).toBeNull();
  });

  it('404s for an unknown region in the pricing context', async () => {
    await t.http().get('/store/products?region_id=reg_nope').expect(404);
  });

  it('paginates and orders', async () => {
    const res = await t.http().get('/store/products?limit=1&order=title').expect(200);
    expect(res.body).toMatchObject({ count: 2, limit: 1 });
    expect(res.body.products[0].id).toBe(mug.id);
    await t.http().get('/store/products?order=variants').expect(400);
  });

  it('applies expand and fields', async () => {
    const res = await t.http().get(`/store/products/${shirt.id}?expand=variants&fields=title`).expect(200);
    expect(Object.keys(res.body.product).sort()).toEqual(['id', 'title', 'variants']);
    expect(res.body.product.variants[0]).not.toHaveProperty('prices');
    await t.http().get(`/store/products/${shirt.id}?expand=variants.inventory_secrets`).expect(400);
  });

  it('gets a product with prices for a region, and 404s for unknown or draft ids', async () => {
    const res = await t.http().get(`/store/products/${shirt.id}?region_id=${eu.id}`).expect(200);
    expect(res.body.product.variants[1].calculated_price).toBe(1500);
    await t.http().get('/store/products/prod_missing').expect(404);
    const draft = await t.dataSource.query(`SELECT id FROM product WHERE handle = 'draft'`);
    await t.http().get(`/store/products/${draft[0].id}`).expect(404);
  });
});
