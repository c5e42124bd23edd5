import { createRichProduct } from '../../factories/catalog.factory';
import { createCollection } from '../../factories/collection.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;
type Row = { id: string };
const ids = (rows: Row[]) => rows.map((r) => r.id).sort();

describe('Admin catalogue reads (/admin/products, /admin/variants, /admin/product-tags, /admin/product-types, /admin/sales-channels)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    for (const path of [
      '/admin/products',
      '/admin/products/prod_x',
      '/admin/variants',
      '/admin/product-tags',
      '/admin/product-types',
      '/admin/sales-channels',
    ]) {
      await t.http().get(path).expect(401);
    }
  });

  describe('GET /admin/products', () => {
    it("lists every status with Medusa's default relations, newest first", async () => {
      const m = t.dataSource.manager;
      const draft = await createRichProduct(m, { title: 'Draft wool' });
      await m.query(`UPDATE product SET status = 'draft' WHERE id = $1`, [draft.id]);
      const res = await admin.get(`/admin/products?id[]=${draft.id}`).expect(200);
      expect(res.body).toMatchObject({ count: 1, offset: 0, limit: 50 });
      const [product] = res.body.products;
      expect(product).toMatchObject({ id: draft.id, status: 'draft', type: { value: expect.any(String) }, collection: { id: expect.any(String) } });
      for (const relation of ['variants', 'options', 'images', 'tags', 'profiles', 'sales_channels']) expect(Array.isArray(product[relation])).toBe(true);
      expect(product.profile).toMatchObject({ id: product.profile_id });
      expect(product.variants[0].prices.length).toBeGreaterThan(0);
      expect(product.variants[0].options.length).toBeGreaterThan(0);
      expect(product.options[0].values.length).toBeGreaterThan(0);
    });

    it("finds a collection's products by q and collection_id[] as the collection page sends them", async () => {
      const m = t.dataSource.manager;
      const a = await createProduct(m, { title: 'Linen shirt' });
      const b = await createProduct(m, { title: 'Linen trousers' });
      await createProduct(m, { title: 'Linen scarf' });
      const collection = await createCollection(m, { product_ids: [a.id, b.id] });

      const all = await admin.get(`/admin/products?q=&collection_id%5B%5D=${collection.id}&limit=10&offset=0`).expect(200);
      expect(ids(all.body.products)).toEqual(ids([a, b]));
      const found = await admin.get(`/admin/products?q=trous&collection_id%5B%5D=${collection.id}`).expect(200);
      expect(ids(found.body.products)).toEqual([b.id]);
      expect(found.body.count).toBe(1);
    });

    it("searches titles, descriptions, variant titles and SKUs and the collection's title", async () => {
      const m = t.dataSource.manager;
      const bySku = await createProduct(m, { title: 'Plain', variants: [{ sku: 'ZX-SKU-991' }] });
      const collection = await createCollection(m, { title: 'Qwerty Edit' });
      const inCollection = await createProduct(m, { title: 'Other', collection_id: collection.id });
      expect(ids((await admin.get('/admin/products?q=zx-sku-99').expect(200)).body.products)).toEqual([bySku.id]);
      expect(ids((await admin.get('/admin/products?q=qwerty').expect(200)).body.products)).toEqual([inCollection.id]);
    });

    it('lists gift cards apart (is_giftcard), pages with offset/limit, and trims to fields', async () => {
      const m = t.dataSource.manager;
      const gift = await createProduct(m, { title: 'Gift Card', is_giftcard: true });
      const giftCards = await admin.get('/admin/products?is_giftcard=true').expect(200);
      expect(ids(giftCards.body.products)).toEqual([gift.id]);
      const notGift = await admin.get('/admin/products?is_giftcard=false&limit=1&offset=1').expect(200);
      expect(notGift.body).toMatchObject({ limit: 1, offset: 1 });
      expect(notGift.body.products).toHaveLength(1);
      expect(notGift.body.products[0].id).not.toBe(gift.id);

      const trimmed = await admin
        .get(
          '/admin/products?is_giftcard=false&fields=id,title,thumbnail,status,handle,collection_id&expand=variants,options,variants.prices,collection&limit=2',
        )
        .expect(200);
      expect(Object.keys(trimmed.body.products[0]).sort()).toEqual(
        // Medusa's lists add created_at to `fields`, as they add id.
        ['collection', 'collection_id', 'created_at', 'handle', 'id', 'options', 'status', 'thumbnail', 'title', 'variants'].sort(),
      );
    });

    it('refuses unknown relations, fields and order columns (400) without reaching SQL', async () => {
      expect((await admin.get('/admin/products?expand=nope').expect(400)).body.type).toBe('invalid_data');
      expect((await admin.get('/admin/products?fields=password').expect(400)).body.type).toBe('invalid_data');
      expect((await admin.get('/admin/products?order=title;drop').expect(400)).body.type).toBe('invalid_data');
      expect((await admin.get('/admin/products?is_giftcard=maybe').expect(400)).body.type).toBe('invalid_data');
    });

    it('gets one product by id (404 for an unknown one)', async () => {
      const p = await createProduct(t.dataSource.manager);
      const res = await admin.get(`/admin/products/${p.id}`).expect(200);
      expect(res.body.product).toMatchObject({ id: p.id, variants: [expect.objectContaining({ product_id: p.id })] });
      const missing = await admin.get('/admin/products/prod_missing').expect(404);
      expect(missing.body).toEqual({ type: 'not_found', message: 'Product with id: prod_missing was not found' });
    });
  });

  describe('GET /admin/variants', () => {
    it('searches variants by title, SKU and product title, with their product, prices and options', async () => {
      const p = await createProduct(t.dataSource.manager, { title: 'Velvet jacket', variants: [{ sku: 'VJ-1', option_value: 'S' }] });
      const res = await admin.get('/admin/variants?q=velvet').expect(200);
      expect(res.body.variants).toHaveLength(1);
      expect(res.body.variants[0]).toMatchObject({ sku: 'VJ-1', product: { id: p.id, title: 'Velvet jacket' } });
      expect(res.body.variants[0].prices.length).toBeGreaterThan(0);
      expect(res.body).toMatchObject({ count: 1, limit: 20, offset: 0 });
      expect((await admin.get('/admin/variants?q=vj-1').expect(200)).body.variants).toHaveLength(1);
    });

    it("prices the variants picked by id[] for the draft order's region", async () => {
      const m = t.dataSource.manager;
      const region = await createRegion(m, { name: 'Variants EU', countries: [] });
      const p = await createProduct(m, {
        variants: [
          {
            option_value: 'A',
            prices: [
              { currency_code: 'eur', amount: 1500 },
              { currency_code: 'usd', amount: 2000 },
            ],
          },
          { option_value: 'B' },
        ],
      });
      const [a, b] = p.variants!;
      const res = await admin.get(`/admin/variants?id%5B0%5D=${a.id}&id%5B1%5D=${b.id}&region_id=${region.id}`).expect(200);
      expect(ids(res.body.variants)).toEqual(ids([a, b]));
      const priced = res.body.variants.find((v: Row) => v.id === a.id);
      // The region's 25 % on top (prices here never include tax).
      expect(priced).toMatchObject({
        calculated_price: 1500,
        original_price: 1500,
        calculated_price_type: 'default',
        calculated_tax: 375,
        calculated_price_incl_tax: 1875,
        original_tax: 375,
        original_price_incl_tax: 1875,
        tax_rates: [{ rate: 25, name: 'default', code: 'default' }],
      });
      // Without a region or currency the price fields are there, empty (Medusa).
      const unpriced = (await admin.get(`/admin/variants?id[]=${a.id}`).expect(200)).body.variants[0];
      expect(unpriced).toMatchObject({ calculated_price: null, original_price: null, calculated_tax: null, tax_rates: null });
      expect((await admin.get(`/admin/variants?id[]=${a.id}&region_id=reg_missing`).expect(404)).body.type).toBe('not_found');
    });
  });

  describe('product tags and types', () => {
    it('lists tags and types, searchable by value', async () => {
      const m = t.dataSource.manager;
      await createRichProduct(m, { tags: ['zebra-tag', 'yak-tag'], type: 'Quokka-type' });
      const tags = await admin.get('/admin/product-tags?q=zebra').expect(200);
      expect(tags.body.product_tags.map((x: { value: string }) => x.value)).toEqual(['zebra-tag']);
      expect(tags.body).toMatchObject({ count: 1, offset: 0, limit: 10 });
      const types = await admin.get('/admin/product-types?q=quokka').expect(200);
      expect(types.body.product_types.map((x: { value: string }) => x.value)).toEqual(['Quokka-type']);
    });
  });

  it("lists the store's sales channels and gets one", async () => {
    const res = await admin.get('/admin/sales-channels').expect(200);
    expect(res.body.count).toBeGreaterThanOrEqual(1);
    const id = res.body.sales_channels[0].id;
    expect((await admin.get(`/admin/sales-channels/${id}`).expect(200)).body.sales_channel.id).toBe(id);
    expect((await admin.get('/admin/sales-channels/sc_missing').expect(404)).body.type).toBe('not_found');
  });
});
