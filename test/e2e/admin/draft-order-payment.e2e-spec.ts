import { ProductVariant } from '../../../src/modules/products/product-variant.entity';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { businessTableDigests, changedTables } from '../../helpers/table-counts';

type Body = Record<string, any>;

/** POST /admin/draft-orders/:id/pay is ONE transaction: a refused payment leaves nothing behind. */
describe('Admin draft order payment: all or nothing', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let regionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    regionId = (await createRegion(t.dataSource.manager, { name: 'Europe', countries: ['de'], tax_rate: 0 })).id;
  });
  afterAll(() => t.close());

  const createDraft = async (body: Body) =>
    (
      await admin
        .post('/admin/draft-orders')
        .send({ email: 'buyer@example.com', region_id: regionId, shipping_methods: [], ...body })
        .expect(200)
    ).body.draft_order as Body;
  const pay = (id: string) => admin.post(`/admin/draft-orders/${id}/pay`);

  it('refused for missing stock, it changes no row: no payment session is left selected on the cart', async () => {
    const variantId = (await createProduct(t.dataSource.manager, { variants: [{ inventory_quantity: 5 }] })).variants![0].id;
    const draft = await createDraft({ items: [{ variant_id: variantId, quantity: 3 }] });
    // The stock sold elsewhere after the draft was made.
    await t.dataSource.getRepository(ProductVariant).update(variantId, { inventory_quantity: 1 });
    const before = await businessTableDigests(t.dataSource);

    const res = await pay(draft.id).expect(400);

    expect(res.body).toEqual({
      type: 'not_allowed',
      code: 'insufficient_inventory',
      message: `Variant with id: ${variantId} does not have the required inventory`,
    });
    expect(changedTables(before, await businessTableDigests(t.dataSource))).toEqual([]);
    const after = (await admin.get(`/admin/draft-orders/${draft.id}`).expect(200)).body.draft_order;
    expect(after).toMatchObject({ status: 'open', order_id: null });
    expect(after.cart.payment_sessions).toEqual([]);
  });

  it('refused for an empty cart, it changes no row', async () => {
    const draft = await createDraft({});
    const before = await businessTableDigests(t.dataSource);
    await pay(draft.id).expect(400);
    expect(changedTables(before, await businessTableDigests(t.dataSource))).toEqual([]);
  });

  it('once the stock is back, the same draft pays and becomes its order', async () => {
    const variantId = (await createProduct(t.dataSource.manager, { variants: [{ inventory_quantity: 2 }] })).variants![0].id;
    const draft = await createDraft({ items: [{ variant_id: variantId, quantity: 2 }] });
    await t.dataSource.getRepository(ProductVariant).update(variantId, { inventory_quantity: 1 });
    await pay(draft.id).expect(400);
    await t.dataSource.getRepository(ProductVariant).update(variantId, { inventory_quantity: 2 });

    const { order } = (await pay(draft.id).expect(200)).body;

    expect(order).toMatchObject({ draft_order_id: draft.id, payment_status: 'captured' });
    const paid = (await admin.get(`/admin/draft-orders/${draft.id}`).expect(200)).body.draft_order;
    expect(paid).toMatchObject({ status: 'completed', order_id: order.id });
    expect((await t.dataSource.getRepository(ProductVariant).findOneByOrFail({ id: variantId })).inventory_quantity).toBe(0);
  });
});
