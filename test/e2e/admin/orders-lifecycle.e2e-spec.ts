import { createShop, Shop } from '../../factories/cart.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';
import { placeOrder, WELL_STOCKED } from '../../factories/placed-order.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Cancel, complete, archive and update an order (POST /admin/orders/:id[/cancel|/complete|/archive])', () => {
  let t: TestApp;
  let admin: Agent;
  let shop: Shop;
  const stock = async () => (await t.dataSource.query(`SELECT inventory_quantity FROM product_variant WHERE id = $1`, [shop.variant.id]))[0].inventory_quantity;
  const events = (orderId: string, name: string) =>
    t.dataSource.query(`SELECT data FROM outbox_event WHERE name = $1 AND data->>'id' = $2 ORDER BY seq`, [name, orderId]);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager, WELL_STOCKED);
  });
  afterAll(() => t.close());

  it('cancels: the units go back to stock, the payment is canceled at its provider, the three statuses, order.canceled; again changes nothing', async () => {
    const before = await stock();
    const order = await placeOrder(t, shop, { quantity: 3 });
    expect(await stock()).toBe(before - 3);
    const res = await admin.post(`/admin/orders/${order.id}/cancel`).expect(200);
    expect(res.body.order).toMatchObject({
      object: 'order',
      status: 'canceled',
      fulfillment_status: 'canceled',
      payment_status: 'canceled',
      canceled_at: expect.any(String),
    });
    expect(res.body.order.payments[0]).toMatchObject({ canceled_at: expect.any(String), data: { status: 'canceled' } });
    expect(await stock()).toBe(before);
    expect(await events(order.id, 'order.canceled')).toEqual([{ data: { id: order.id, no_notification: null } }]);
    await admin.post(`/admin/orders/${order.id}/cancel`).expect(200);
    expect(await stock()).toBe(before);
    const complete = await admin.post(`/admin/orders/${order.id}/complete`).expect(400);
    expect(complete.body).toEqual({ type: 'not_allowed', message: 'A canceled order cannot be completed' });
    const update = await admin.post(`/admin/orders/${order.id}`).send({ email: 'x@test.com' }).expect(400);
    expect(update.body).toEqual({ type: 'not_allowed', message: 'A canceled order cannot be updated' });
  });

  it('refuses to cancel while a fulfilment is live; after it is canceled, gives back only what is unfulfilled', async () => {
    const before = await stock();
    const order = await placeOrder(t, shop, { quantity: 2 });
    const fulfilled = await admin
      .post(`/admin/orders/${order.id}/fulfillment`)
      .send({ items: [{ item_id: order.items[0].id, quantity: 2 }] })
      .expect(200);
    const refused = await admin.post(`/admin/orders/${order.id}/cancel`).expect(400);
    expect(refused.body).toEqual({ type: 'not_allowed', message: 'All fulfillments must be canceled before canceling an order' });
    await admin.post(`/admin/orders/${order.id}/fulfillments/${fulfilled.body.order.fulfillments[0].id}/cancel`).expect(200);
    await admin.post(`/admin/orders/${order.id}/cancel`).expect(200);
    expect(await stock()).toBe(before);
  });

  it('completes from any status but canceled, archives only a completed order, completes an archived one again', async () => {
    const order = await placeOrder(t, shop, { quantity: 1 });
    const early = await admin.post(`/admin/orders/${order.id}/archive`).expect(400);
    expect(early.body).toEqual({ type: 'not_allowed', message: "Can't archive an unprocessed order" });
    const completed = await admin.post(`/admin/orders/${order.id}/complete`).expect(200);
    expect(completed.body.order.status).toBe('completed');
    expect(await events(order.id, 'order.completed')).toHaveLength(1);
    const archived = await admin.post(`/admin/orders/${order.id}/archive`).expect(200);
    expect(archived.body.order.status).toBe('archived');
    expect(await events(order.id, 'order.archived')).toHaveLength(1);
    const again = await admin.post(`/admin/orders/${order.id}/complete`).expect(200);
    expect(again.body.order.status).toBe('completed');
    const missing = await admin.post('/admin/orders/order_missing/complete').expect(404);
    expect(missing.body).toEqual({ type: 'not_found', message: 'Order with id order_missing was not found' });
  });

  it('updates the email and the addresses (merged, country lower-cased and within the region), no_notification only to true; order.updated', async () => {
    const order = await placeOrder(t, shop, { quantity: 1 });
    const res = await admin
      .post(`/admin/orders/${order.id}`)
      .send({
        email: 'New@Test.com',
        shipping_address: { address_1: 'Other street 2', country_code: 'FR' },
        billing_address: { first_name: 'Bill', city: 'Paris', country_code: 'fr' },
        no_notification: true,
      })
      .expect(200);
    expect(res.body.order).toMatchObject({
      object: 'order',
      email: 'New@Test.com',
      no_notification: true,
      shipping_address: { first_name: 'Ada', address_1: 'Other street 2', country_code: 'fr' },
      billing_address: { first_name: 'Bill', city: 'Paris', country_code: 'fr' },
    });
    expect(await events(order.id, 'order.updated')).toEqual([{ data: { id: order.id, no_notification: true } }]);
    const notCleared = await admin.post(`/admin/orders/${order.id}`).send({ no_notification: false }).expect(200);
    expect(notCleared.body.order.no_notification).toBe(true);

    const outside = await admin
      .post(`/admin/orders/${order.id}`)
      .send({ shipping_address: { country_code: 'us' } })
      .expect(400);
    expect(outside.body).toEqual({ type: 'invalid_data', message: 'Shipping country must be in the order region' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-email' }, 'email must be an email'],
      [{ metadata: { a: 1 } }, 'property metadata should not exist'],
      [{ shipping_address: { street: 'x' } }, 'property shipping_address.street should not exist'],
    ];
    for (const [body, message] of cases) {
      const bad = await admin.post(`/admin/orders/${order.id}`).send(body).expect(400);
      expect(bad.body).toEqual({ type: 'invalid_data', message });
    }
    const unknownCustomer = await admin.post(`/admin/orders/${order.id}`).send({ customer_id: 'cus_missing' }).expect(404);
    expect(unknownCustomer.body).toEqual({ type: 'not_found', message: 'Customer with customer_id cus_missing does not exist.' });
    const read = (await admin.get(`/admin/orders/${order.id}`).expect(200)).body.order;
    expect(read).toMatchObject({ email: 'New@Test.com', shipping_address: { country_code: 'fr' } });
  });
  it('adds a shipping method: it replaces the method of the same profile, the totals follow, order.updated; refusals', async () => {
    const order = await placeOrder(t, shop, { quantity: 1 });
    const express = await createShippingOption(t.dataSource.manager, { region_id: shop.region.id, amount: 2500 });
    const res = await admin.post(`/admin/orders/${order.id}/shipping-methods`).send({ option_id: express.id, price: 500 }).expect(200);
    expect(res.body.order.shipping_methods).toHaveLength(1);
    expect(res.body.order.shipping_methods[0]).toMatchObject({ shipping_option_id: express.id, price: 500, tax_lines: [] });
    // Shipping was 1000 + 25 % tax; now 500 without tax lines (as Medusa adds it).
    expect(res.body.order).toMatchObject({ shipping_total: 500, total: order.total - 1250 + 500 });
    expect((await admin.get(`/admin/orders/${order.id}`).expect(200)).body.order.total).toBe(order.total - 750);
    expect(await events(order.id, 'order.updated')).toEqual([{ data: { id: order.id } }]);

    const missing = await admin.post(`/admin/orders/${order.id}/shipping-methods`).send({ option_id: 'so_missing', price: 1 }).expect(404);
    expect(missing.body).toEqual({ type: 'not_found', message: 'Shipping Option with so_missing was not found' });
    const bad = await admin.post(`/admin/orders/${order.id}/shipping-methods`).send({ option_id: express.id }).expect(400);
    expect(bad.body).toEqual({ type: 'invalid_data', message: 'price should not be empty, price must be an integer number' });
    await admin.post(`/admin/orders/${order.id}/shipping-methods`).send({ option_id: express.id, price: -1 }).expect(400);
    await admin.post(`/admin/orders/${order.id}/cancel`).expect(200);
    const canceled = await admin.post(`/admin/orders/${order.id}/shipping-methods`).send({ option_id: express.id, price: 1 }).expect(400);
    expect(canceled.body).toEqual({ type: 'not_allowed', message: 'A shipping method cannot be added to a canceled order' });
  });
});
