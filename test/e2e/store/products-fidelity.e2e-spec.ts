import { createShop, Shop } from '../../factories/cart.factory';
import { createProductCategory } from '../../factories/product-category.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import type { ProductCategory } from '../../../src/modules/product-categories/product-category.entity';

/**
 * Store products and categories as a real Medusa 1.20.10 answered the same requests
 * (a store scenario replayed against both, the JSON diffed key by key).
 */
describe('Store products and categories: Medusa v1 fidelity', () => {
  let t: TestApp;
  let shop: Shop;
  let category: ProductCategory;
  let draftId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    shop = await createShop(m);
    draftId = (await createProduct(m, { status: 'draft' })).id;
    category = await createProductCategory(m, { product_ids: [shop.product.id, draftId] });
    await createProductCategory(m, { parent_category_id: category.id });
  });
  afterAll(() => t.close());

  const product = async (query: string) => (await t.http().get(`/store/products/${shop.product.id}?${query}`).expect(200)).body.product;

  describe('GET /store/products/:id', () => {
    it('loads each price with its price list (null: this service has none)', async () => {
      for (const query of ['', `region_id=${shop.region.id}`]) {
        for (const price of (await product(query)).variants[0].prices) expect(price).toHaveProperty('price_list', null);
      }
    });

    it('sends profile_id only with the profiles relation (Medusa derives it from them)', async () => {
      expect((await product('')).profile_id).toEqual(expect.any(String));
      const withCategories = await product('expand=categories');
      expect(withCategories).not.toHaveProperty('profile_id');
      expect(withCategories.categories.map((c: ProductCategory) => c.id)).toEqual([category.id]);
      // A category of a product: its columns but the tree's internal path.
      expect(withCategories.categories[0]).not.toHaveProperty('mpath');
      expect(withCategories.categories[0]).toMatchObject({ is_active: true, is_internal: false });
    });

    it('prices the variants only when both variants and variants.prices are loaded', async () => {
      const priced = (await product(`region_id=${shop.region.id}`)).variants[0];
      expect(priced).toMatchObject({ calculated_price: 1000, original_price: 1000 });
      const unpriced = (await product(`region_id=${shop.region.id}&expand=variants.prices`)).variants[0];
      expect(unpriced).not.toHaveProperty('calculated_price');
      expect(unpriced).not.toHaveProperty('calculated_price_incl_tax');
      expect(unpriced.prices).toEqual([expect.objectContaining({ amount: 1000 })]);
    });

    it('expands variants.inventory_items as an empty list per variant (Medusa without its inventory module)', async () => {
      const answered = await product('expand=variants,variants.inventory_items');
      expect(answered.variants.map((v: { inventory_items: unknown }) => v.inventory_items)).toEqual([[]]);
      expect(answered.variants[0]).not.toHaveProperty('calculated_price');
      const listed = (await t.http().get(`/store/products?id=${shop.product.id}&expand=variants.inventory_items`).expect(200)).body.products;
      expect(listed[0].variants[0].inventory_items).toEqual([]);
    });

    it('refuses expand=profile as Medusa does; accepts profiles and sales_channels', async () => {
      const res = await t.http().get('/store/products?expand=profile').expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'Requested fields [profile] are not valid' });
      await t.http().get('/store/products?expand=profiles,sales_channels').expect(200);
    });

    it('words a region that does not exist and a limit that is not a number as Medusa does', async () => {
      const region = await t.http().get(`/store/products/${shop.product.id}?region_id=reg_nope`).expect(404);
      expect(region.body).toEqual({ type: 'not_found', message: 'Region with reg_nope was not found' });
      const limit = await t.http().get('/store/products?limit=abc').expect(400);
      expect(limit.body).toEqual({ type: 'invalid_data', message: 'limit must be a number conforming to the specified constraints' });
    });
  });

  describe('GET /store/product-categories/:id', () => {
    it('expands products: their columns (no profile_id), and published ones only', async () => {
      const res = await t.http().get(`/store/product-categories/${category.id}?expand=products`).expect(200);
      const answered = res.body.product_category;
      expect(answered.products.map((p: { id: string }) => p.id)).toEqual([shop.product.id]);
      expect(answered.products[0]).not.toHaveProperty('profile_id');
      expect(answered.products[0]).toMatchObject({ id: shop.product.id, status: 'published' });
      // Without category_children in expand, no children (Medusa 1.20.10 answers the same).
      expect(answered).not.toHaveProperty('category_children');
    });

    it('brings the children by default', async () => {
      const res = await t.http().get(`/store/product-categories/${category.id}`).expect(200);
      expect(res.body.product_category.category_children).toHaveLength(1);
      expect(res.body.product_category).not.toHaveProperty('products');
    });
  });
});
