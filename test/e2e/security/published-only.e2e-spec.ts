import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

/**
 * A product that is not published (draft, proposed, rejected) is 404 in the store, and it
 * is not for sale either: adding its variant, changing the quantity of a line of it, or
 * completing a cart that holds it after it was unpublished answers 400 invalid_data naming
 * the product, and nothing is written. An admin's draft order may still hold it, as in
 * Medusa v1.
 */
describe('Only published products are sold', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
  });
  afterAll(() => t.close());

  const setStatus = (status: string) => t.dataSource.query('UPDATE product SET status = $2 WHERE id = $1', [shop.product.id, status]);
  const lines = async (cartId: string) =>
    (await t.dataSource.query('SELECT quantity FROM line_item WHERE cart_id = $1', [cartId])) as Array<{ quantity: number }>;
  const notForSale = () => ({ type: 'invalid_data', message: `The product "${shop.product.title}" is not published: it cannot be bought` });

  afterEach(() => setStatus('published'));

  it.each(['draft', 'proposed', 'rejected'])('a %s product is 404 in the store and cannot be added to a cart (400), nor be in a new cart', async (status) => {
    await setStatus(status);
    await t.http().get(`/store/products/${shop.product.id}`).expect(404);
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const res = await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }).expect(400);
    expect(res.body).toEqual(notForSale());
    expect(await lines(cart.id)).toEqual([]);

    const created = await t
      .http()
      .post('/store/carts')
      .send({ region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] })
      .expect(400);
    expect(created.body).toEqual(notForSale());
  });

  it('a line whose product was unpublished cannot change quantity (400); it can still be removed', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const lineId = cart.items[0].id;
    await setStatus('draft');
    const res = await t.http().post(`/store/carts/${cart.id}/line-items/${lineId}`).send({ quantity: 2 }).expect(400);
    expect(res.body).toEqual(notForSale());
    expect(await lines(cart.id)).toEqual([{ quantity: 1 }]);
    await t.http().delete(`/store/carts/${cart.id}/line-items/${lineId}`).expect(200);
    expect(await lines(cart.id)).toEqual([]);
  });

  it('completing a cart whose product was unpublished since is refused (400): no order, no stock taken', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 2 }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    await setStatus('draft');
    const res = await t.http().post(`/store/carts/${cart.id}/complete`).expect(400);
    expect(res.body).toEqual(notForSale());
    expect(await t.dataSource.query('SELECT id FROM "order" WHERE cart_id = $1', [cart.id])).toEqual([]);
    expect((await t.dataSource.query('SELECT inventory_quantity FROM product_variant WHERE id = $1', [shop.variant.id]))[0].inventory_quantity).toBe(10);
    expect((await t.dataSource.query('SELECT completed_at FROM cart WHERE id = $1', [cart.id]))[0].completed_at).toBeNull();

    // Published again, the same cart completes.
    await setStatus('published');
    const done = await t.http().post(`/store/carts/${cart.id}/complete`).set('idempotency-key', 'published-again').expect(200);
    expect(done.body.type).toBe('order');
  });

  it("an admin's draft order may still hold a draft product, as Medusa v1 allows", async () => {
    await setStatus('draft');
    const admin = await adminAgent(t);
    const draft = (
      await admin
        .post('/admin/draft-orders')
        .send({ email: 'buyer@example.com', region_id: shop.region.id, shipping_methods: [], items: [{ variant_id: shop.variant.id, quantity: 1 }] })
        .expect(200)
    ).body.draft_order;
    expect(draft.cart.items).toHaveLength(1);
    await admin.post(`/admin/draft-orders/${draft.id}/line-items/${draft.cart.items[0].id}`).send({ quantity: 2 }).expect(200);
  });
});
