import { ProductTag } from '../../../src/modules/products/product-taxonomy.entities';
import { createCollection } from '../../factories/collection.factory';
import { createProductCategory } from '../../factories/product-category.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/*
 * Medusa's Next.js starter (v1) talks to the store through @medusajs/medusa-js from its
 * server: arrays go out in qs's indices format (`id[0]=...`), and a guest's requests carry
 * an empty `authorization` header. These are the request shapes exactly as it sends them.
 */
describe('Store requests as the Medusa v1 Next.js storefront sends them', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists the cart line items' products by id[0], id[1] for a guest with an empty authorization header", async () => {
    const m = t.dataSource.manager;
    const a = await createProduct(m);
    const b = await createProduct(m);
    await createProduct(m);

    const res = await t.http().get(`/store/products?id%5B0%5D=${a.id}&id%5B1%5D=${b.id}`).set('authorization', '').expect(200);

    expect(res.body.products.map((p: { id: string }) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(res.body.count).toBe(2);
  });

  it('finds a collection by handle[0] and lists its products by collection_id[0]', async () => {
    const m = t.dataSource.manager;
    const inside = await createProduct(m);
    await createProduct(m);
    const collection = await createCollection(m, { handle: 'summer-edit', product_ids: [inside.id] });
    await createCollection(m);

    const found = await t.http().get('/store/collections?handle%5B0%5D=summer-edit').expect(200);
    expect(found.body.collections.map((c: { id: string }) => c.id)).toEqual([collection.id]);

    const products = await t.http().get(`/store/products?limit=3&offset=0&collection_id%5B0%5D=${collection.id}`).expect(200);
    expect(products.body.products.map((p: { id: string }) => p.id)).toEqual([inside.id]);
  });

  it('finds a child category by its nested handle (handle=clothing%2Ftops) and lists a parent by its direct products only', async () => {
    const m = t.dataSource.manager;
    const inTops = await createProduct(m);
    const clothing = await createProductCategory(m, { name: 'Clothing', handle: 'sf-clothing' });
    const tops = await createProductCategory(m, { name: 'Tops', handle: 'sf-clothing/tops', parent_category_id: clothing.id, product_ids: [inTops.id] });

    // the category page asks for each level of the URL: /categories/sf-clothing/tops
    const child = await t.http().get('/store/product-categories?handle=sf-clothing%2Ftops').set('authorization', '').expect(200);
    expect(child.body.product_categories.map((c: { id: string }) => c.id)).toEqual([tops.id]);
    expect(child.body.product_categories[0]).toMatchObject({ handle: 'sf-clothing/tops', parent_category_id: clothing.id });

    // without include_category_children, the parent's grid holds its own products (none), as on Medusa
    const parentGrid = await t.http().get(`/store/products?limit=100&offset=0&category_id%5B0%5D=${clothing.id}`).expect(200);
    expect(parentGrid.body.products).toEqual([]);
    const childGrid = await t.http().get(`/store/products?limit=100&offset=0&category_id%5B0%5D=${tops.id}`).expect(200);
    expect(childGrid.body.products.map((p: { id: string }) => p.id)).toEqual([inTops.id]);
  });

  it("answers the product page's related-products query (tags[0], tags[1], is_giftcard, currency_code), matching tags by id", async () => {
    const m = t.dataSource.manager;
    const region = await createRegion(m, { currency_code: 'usd', countries: ['us'] });
    const tag = await m.getRepository(ProductTag).save(m.getRepository(ProductTag).create({ value: 'cotton' }));
    const collection = await createCollection(m, { handle: 'related-edit' });
    const tagged = await createProduct(m, { collection_id: collection.id, tags: [tag] });
    await createProduct(m, { collection_id: collection.id });
    const base = `/store/products?limit=12&offset=0&region_id=${region.id}&currency_code=usd&collection_id%5B0%5D=${collection.id}`;

    // the starter sends the tags' values; Medusa v1 filters by tag ids, so nothing matches
    const byValue = await t.http().get(`${base}&tags%5B0%5D=cotton&tags%5B1%5D=fleece&is_giftcard=false`).set('authorization', '').expect(200);
    expect(byValue.body).toMatchObject({ products: [], count: 0 });

    const byId = await t.http().get(`${base}&tags%5B0%5D=${tag.id}&tags%5B1%5D=ptag_none&is_giftcard=false`).set('authorization', '').expect(200);
    expect(byId.body.products.map((p: { id: string }) => p.id)).toEqual([tagged.id]);
    expect(byId.body.products[0].variants[0].calculated_price).toBe(1200);
  });

  it("answers a guest's empty authorization header on the account routes with 401 unauthorized", async () => {
    const res = await t.http().get('/store/customers/me').set('authorization', '').expect(401);
    expect(res.body).toMatchObject({ type: 'unauthorized' });
  });
});
