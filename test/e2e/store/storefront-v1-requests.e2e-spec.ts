import { createCollection } from '../../factories/collection.factory';
import { createProduct } from '../../factories/product.factory';
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

  it("answers a guest's empty authorization header on the account routes with 401 unauthorized", async () => {
    const res = await t.http().get('/store/customers/me').set('authorization', '').expect(401);
    expect(res.body).toMatchObject({ type: 'unauthorized' });
  });
});
