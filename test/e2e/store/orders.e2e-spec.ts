import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';

describe('Store orders (GET /store/orders/:id)', () => {
  let t: TestApp;
  let shop: Shop;
  let order: Record<string, any>;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 3 }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    order = (await t.http().post(`/store/carts/${cart.id}/complete`).expect(200)).body.data;
  });
  afterAll(() => t.close());

  it('returns the placed order with its default relations and totals', async () => {
    const res = await t.http().get(`/store/orders/${order.id}`).expect(200);
    const o = res.body.order;
    expect(o).toMatchObject({
      id: order.id,
      object: 'order',
      display_id: order.display_id,
      subtotal: 3000,
      shipping_total: 1000,
      tax_total: 1000,
      total: 5000,
      paid_total: 5000,
      refundable_amount: 5000,
    });
    expect(o.customer).toMatchObject({ id: order.customer_id, email: 'shopper@test.com' });
    expect(o.customer).not.toHaveProperty('password_hash');
    expect(o.region.payment_providers.map((p: { id: string }) => p.id).sort()).toEqual(['manual', 'test']);
    expect(o.items[0]).toMatchObject({ quantity: 3, total: 3750, refundable: 3750 });
    expect(o.items[0].variant.id).toBe(shop.variant.id);
    expect(o.shipping_methods[0].shipping_option.id).toBe(shop.shippingOption.id);
    expect(o.shipping_address).toMatchObject({ country_code: 'de', city: 'Berlin' });
    expect(o.payments).toHaveLength(1);
    expect(o.gift_card_transactions).toEqual([]);
    expect(o).not.toHaveProperty('raw_discount_total');
  });

  it('supports expand and fields', async () => {
    let res = await t.http().get(`/store/orders/${order.id}?expand=items&fields=email,total,display_id`).expect(200);
    expect(Object.keys(res.body.order).sort()).toEqual(['display_id', 'email', 'id', 'items', 'total']);
    expect(res.body.order.total).toBe(5000);
    res = await t.http().get(`/store/orders/${order.id}?expand=billing_address`).expect(200);
    expect(res.body.order).toHaveProperty('billing_address');
    expect(res.body.order).not.toHaveProperty('customer');
    res = await t.http().get(`/store/orders/${order.id}?expand=fulfillments`).expect(400);
    expect(res.body).toEqual({ type: 'invalid_data', message: 'Requested fields [fulfillments] are not valid' });
  });

  it('404s an unknown order', async () => {
    const res = await t.http().get('/store/orders/order_nope').expect(404);
    expect(res.body).toEqual({ type: 'not_found', message: 'Order with id order_nope was not found' });
  });
});
