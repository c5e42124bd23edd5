import { createCollection } from '../../factories/collection.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Body = Record<string, any>;

/**
 * Products carry their shipping profile as Medusa 1.20 does: `profile_id` / `profile` and
 * the many-to-many `profiles` (table product_shipping_profile), both expandable wherever
 * products are.
 */
describe('Product shipping profiles (profile, profiles)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    productId = (await createProduct(t.dataSource.manager, { handle: 'profiled-tee' })).id;
  });
  afterAll(() => t.close());

  const profileIds = (product: Body) => (product.profiles as Body[]).map((p) => p.id);

  it('keeps profiles equal to profile_id, whoever writes the product', async () => {
    const rows = await t.dataSource.query('SELECT profile_id FROM product_shipping_profile WHERE product_id = $1', [productId]);
    expect(rows).toEqual([{ profile_id: 'sp_default' }]);
    const other = await createProduct(t.dataSource.manager);
    await t.dataSource.query(`UPDATE product SET profile_id = 'sp_gift_card' WHERE id = $1`, [other.id]);
    expect(await t.dataSource.query('SELECT profile_id FROM product_shipping_profile WHERE product_id = $1', [other.id])).toEqual([
      { profile_id: 'sp_gift_card' },
    ]);
  });

  it('are expandable on a discount condition and in the discount answered by a batch', async () => {
    const discount = await createDiscount(t.dataSource.manager);
    const created = await admin
      .post(`/admin/discounts/${discount.id}/conditions`)
      .send({ operator: 'in', products: [productId] })
      .expect(200);
    const conditionId = created.body.discount.rule.conditions[0].id;

    const one = await admin.get(`/admin/discounts/${discount.id}/conditions/${conditionId}?expand=products.profiles,products.profile`).expect(200);
    const product = one.body.discount_condition.products[0];
    expect(product).toMatchObject({ id: productId, profile_id: 'sp_default', profile: { id: 'sp_default', type: 'default' } });
    expect(profileIds(product)).toEqual(['sp_default']);

    const extra = await createProduct(t.dataSource.manager);
    const batch = await admin
      .post(`/admin/discounts/${discount.id}/conditions/${conditionId}/batch?expand=rule.conditions.products.profiles`)
      .send({ resources: [{ id: extra.id }] })
      .expect(200);
    const products = batch.body.discount.rule.conditions[0].products as Body[];
    expect(products.map((p) => p.id).sort()).toEqual([productId, extra.id].sort());
    for (const p of products) expect(profileIds(p)).toEqual(['sp_default']);
  });

  it('are expandable on store products (profiles only: Medusa 1.20.10 refuses profile there) and on a collection’s products', async () => {
    const res = await t.http().get(`/store/products/${productId}?expand=profiles`).expect(200);
    expect(res.body.product).toMatchObject({ profile_id: 'sp_default' });
    expect(profileIds(res.body.product)).toEqual(['sp_default']);
    await t.http().get(`/store/products/${productId}?expand=profiles,profile`).expect(400);

    const collection = await createCollection(t.dataSource.manager, { title: 'Profiled' });
    await t.dataSource.query('UPDATE product SET collection_id = $2 WHERE id = $1', [productId, collection.id]);
    const coll = await admin.get(`/admin/collections/${collection.id}?expand=products,products.profiles`).expect(200);
    expect(profileIds(coll.body.collection.products[0])).toEqual(['sp_default']);
  });
});
