import { ProductCategory } from '../../../src/modules/product-categories/product-category.entity';
import { createProduct } from '../../factories/product.factory';
import { createProductCategory } from '../../factories/product-category.factory';
import { createTestApp, TestApp } from '../../helpers/app';

const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);
const STORE_FIELDS = [
  'category_children',
  'created_at',
  'description',
  'handle',
  'id',
  'metadata',
  'name',
  'parent_category',
  'parent_category_id',
  'rank',
  'updated_at',
];

describe('Store product categories (/store/product-categories)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an empty shop with 200 and an empty page, as the storefront footer asks', async () => {
    const res = await t.http().get('/store/product-categories?limit=6&offset=0').expect(200);
    expect(res.body).toEqual({ product_categories: [], count: 0, offset: 0, limit: 6 });
  });

  describe('with a tree', () => {
    let tops: ProductCategory;
    let shirts: ProductCategory;
    let pants: ProductCategory;
    let polo: ProductCategory;
    let hiddenChild: ProductCategory;
    let internalRoot: ProductCategory;

    beforeAll(async () => {
      const m = t.dataSource.manager;
      tops = await createProductCategory(m, { name: 'Tops', handle: 'tops', metadata: { featured: true } });
      pants = await createProductCategory(m, { name: 'Pants', handle: 'pants' });
      internalRoot = await createProductCategory(m, { name: 'Staff only', handle: 'staff', is_internal: true });
      await createProductCategory(m, { name: 'Draft root', handle: 'draft', is_active: false });
      shirts = await createProductCategory(m, { name: 'Shirts', handle: 'tops/shirts', parent_category_id: tops.id, description: 'Buttoned' });
      hiddenChild = await createProductCategory(m, { name: 'Hidden', handle: 'tops/hidden', parent_category_id: tops.id, is_active: false });
      await createProductCategory(m, { name: 'Sweaters', handle: 'tops/sweaters', parent_category_id: tops.id });
      polo = await createProductCategory(m, { name: 'Polo', handle: 'tops/shirts/polo', parent_category_id: shirts.id });
      await createProductCategory(m, { name: 'Under hidden', handle: 'tops/hidden/under', parent_category_id: hiddenChild.id });
      await createProductCategory(m, { name: 'Under staff', handle: 'staff/under', parent_category_id: internalRoot.id });
      // Ranks decide the order, not names or creation.
      await t.dataSource.query(`UPDATE product_category SET rank = CASE id WHEN $1 THEN 1 WHEN $2 THEN 0 ELSE rank END WHERE id IN ($1, $2)`, [
        tops.id,
        pants.id,
      ]);
    });

    it('lists only active, public categories by rank, with visible parents and children, without admin columns', async () => {
      const res = await t.http().get('/store/product-categories').expect(200);
      expect(res.body).toMatchObject({ count: 7, offset: 0, limit: 100 });
      // By rank, then handle, over the whole list (Medusa's order); each row is filtered on its own.
      expect(names(res.body.product_categories)).toEqual(['Pants', 'Under staff', 'Under hidden', 'Shirts', 'Polo', 'Tops', 'Sweaters']);
      const top = res.body.product_categories.find((c: ProductCategory) => c.id === tops.id);
      expect(Object.keys(top).sort()).toEqual(STORE_FIELDS);
      expect(top).toMatchObject({ id: tops.id, handle: 'tops', parent_category: null, metadata: { featured: true } });
      expect(names(top.category_children)).toEqual(['Shirts', 'Sweaters']);
      expect(top.category_children[0]).not.toHaveProperty('is_internal');
      const polos = res.body.product_categories.find((c: ProductCategory) => c.id === polo.id);
      expect(polos.parent_category).toMatchObject({ id: shirts.id, name: 'Shirts', description: 'Buttoned' });
      expect(polos.parent_category).not.toHaveProperty('mpath');
      // Their parents are hidden: shown without them, as Medusa's scoped join does.
      const underStaff = res.body.product_categories.find((c: ProductCategory) => c.name === 'Under staff');
      expect(underStaff).toMatchObject({ parent_category_id: internalRoot.id, parent_category: null });
      const underHidden = res.body.product_categories.find((c: ProductCategory) => c.name === 'Under hidden');
      expect(underHidden).toMatchObject({ parent_category_id: hiddenChild.id, parent_category: null });
    });

    it('filters by handle (as the storefront looks a category up), parent_category_id (null: top level) and q', async () => {
      const byHandle = await t.http().get('/store/product-categories?handle=tops/shirts').expect(200);
      expect(byHandle.body.product_categories.map((c: ProductCategory) => c.id)).toEqual([shirts.id]);
      const hidden = await t.http().get('/store/product-categories?handle=tops/hidden').expect(200);
      expect(hidden.body).toMatchObject({ product_categories: [], count: 0 });
      const roots = await t.http().get('/store/product-categories?parent_category_id=null').expect(200);
      expect(names(roots.body.product_categories)).toEqual(['Pants', 'Tops']);
      const children = await t.http().get(`/store/product-categories?parent_category_id=${tops.id}`).expect(200);
      expect(names(children.body.product_categories)).toEqual(['Shirts', 'Sweaters']);
      const q = await t.http().get('/store/product-categories?q=SHIRTS').expect(200);
      expect(names(q.body.product_categories)).toEqual(['Shirts', 'Polo']);
      const none = await t.http().get('/store/product-categories?q=staff').expect(200);
      expect(names(none.body.product_categories)).toEqual(['Under staff']);
    });

    it('includes the visible descendants tree on request, sorted by rank at each level', async () => {
      const res = await t.http().get('/store/product-categories?parent_category_id=null&include_descendants_tree=true').expect(200);
      const top = res.body.product_categories[1];
      expect(names(top.category_children)).toEqual(['Shirts', 'Sweaters']);
      expect(names(top.category_children[0].category_children)).toEqual(['Polo']);
      expect(top.category_children[0].category_children[0].category_children).toEqual([]);
      expect(JSON.stringify(res.body)).not.toMatch(/Under hidden|Hidden/);
    });

    it('pages, takes expand and fields, and rejects what Medusa rejects (400)', async () => {
      const page = await t.http().get('/store/product-categories?limit=2&offset=1').expect(200);
      expect(page.body).toMatchObject({ count: 7, limit: 2, offset: 1 });
      expect(names(page.body.product_categories)).toEqual(['Under staff', 'Under hidden']);
      const bare = await t.http().get('/store/product-categories?expand=&handle=tops').expect(200);
      expect(bare.body.product_categories[0]).not.toHaveProperty('category_children');
      expect(bare.body.product_categories[0]).not.toHaveProperty('parent_category');
      const fields = await t.http().get('/store/product-categories?fields=name,handle&expand=category_children&handle=tops').expect(200);
      expect(Object.keys(fields.body.product_categories[0]).sort()).toEqual(['category_children', 'handle', 'id', 'name']);
      // expand=products is accepted (Medusa 1.20.10 answers it: products-fidelity spec).
      for (const bad of ['fields=is_internal', 'fields=mpath', 'expand=nonsense', 'include_descendants_tree=yes', 'limit=x', 'order=name', 'is_active=false']) {
        expect((await t.http().get(`/store/product-categories?${bad}`).expect(400)).body.type).toBe('invalid_data');
      }
      // Medusa's exact words for the two its own tests check.
      expect((await t.http().get(`/store/product-categories/${tops.id}?fields=mpath`).expect(400)).body).toEqual({
        type: 'invalid_data',
        message: 'Requested fields [mpath] are not valid',
      });
      expect((await t.http().get('/store/product-categories?is_internal=true&limit=10').expect(400)).body.message).toBe(
        'property is_internal should not exist',
      );
    });

    it('GET /:id answers a visible category with its parent and visible subtree; a hidden or unknown one is a 404', async () => {
      const res = await t.http().get(`/store/product-categories/${tops.id}`).expect(200);
      expect(Object.keys(res.body)).toEqual(['product_category']);
      expect(Object.keys(res.body.product_category).sort()).toEqual(STORE_FIELDS);
      expect(res.body.product_category).toMatchObject({ id: tops.id, parent_category: null });
      expect(names(res.body.product_category.category_children)).toEqual(['Shirts', 'Sweaters']);
      expect(names(res.body.product_category.category_children[0].category_children)).toEqual(['Polo']);
      const child = await t.http().get(`/store/product-categories/${polo.id}`).expect(200);
      expect(child.body.product_category.parent_category).toMatchObject({ id: shirts.id });
      for (const id of [hiddenChild.id, internalRoot.id, 'pcat_missing']) {
        const missing = await t.http().get(`/store/product-categories/${id}`).expect(404);
        expect(missing.body).toEqual({ type: 'not_found', message: `ProductCategory with id: ${id}, is_internal: false, is_active: true was not found` });
      }
    });

    it('GET /store/products filters by category_id[], with include_category_children over the subtree', async () => {
      const m = t.dataSource.manager;
      const inTops = await createProduct(m, { title: 'Tops tee' });
      const inPolo = await createProduct(m, { title: 'Polo shirt' });
      const inHidden = await createProduct(m, { title: 'Hidden thing' });
      const inUnder = await createProduct(m, { title: 'Under hidden thing' });
      const inPants = await createProduct(m, { title: 'Chinos' });
      const link = (categoryId: string, productId: string) =>
        t.dataSource.query('INSERT INTO product_category_product (product_category_id, product_id) VALUES ($1, $2)', [categoryId, productId]);
      await link(tops.id, inTops.id);
      await link(polo.id, inPolo.id);
      await link(hiddenChild.id, inHidden.id);
      const under = await t.dataSource.getRepository(ProductCategory).findOneByOrFail({ handle: 'tops/hidden/under' });
      await link(under.id, inUnder.id);
      await link(pants.id, inPants.id);
      const titles = async (query: string) =>
        (await t.http().get(`/store/products?${query}`).expect(200)).body.products.map((p: { title: string }) => p.title).sort();

      expect(await titles(`category_id[]=${tops.id}`)).toEqual(['Tops tee']);
      expect(await titles(`category_id[]=${tops.id}&category_id[]=${pants.id}`)).toEqual(['Chinos', 'Tops tee']);
      expect(await titles(`category_id[]=${tops.id}&include_category_children=true`)).toEqual(['Polo shirt', 'Tops tee', 'Under hidden thing']);
      expect(await titles(`category_id[]=${hiddenChild.id}`)).toEqual([]);
      expect(await titles(`category_id[]=pcat_missing`)).toEqual([]);

      // The store product cache must see category changes.
      await t.dataSource.query('DELETE FROM product_category_product WHERE product_id = $1', [inTops.id]);
      const after = await t.http().get(`/store/products?category_id[]=${tops.id}`).expect(200);
      expect(after.body.count).toBe(0);
      await t.http().get('/store/products?include_category_children=maybe').expect(400);
    });
  });
});
