import { createShop, Shop } from '../../factories/cart.factory';
import { placeOrder, WELL_STOCKED } from '../../factories/placed-order.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Fulfilment and shipment (POST /admin/orders/:id/fulfillment, /fulfillments/:f/cancel, /shipment)', () => {
  let t: TestApp;
  let admin: Agent;
  let shop: Shop;
  const lineOf = async (itemId: string) =>
    (await t.dataSource.query(`SELECT quantity, fulfilled_quantity, shipped_quantity FROM line_item WHERE id = $1`, [itemId]))[0];
  const events = (orderId: string, name: string) =>
    t.dataSource.query(`SELECT data FROM outbox_event WHERE name = $1 AND data->>'id' = $2 ORDER BY seq`, [name, orderId]);

  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '12' });
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager, WELL_STOCKED);
  });
  afterAll(() => t.close());

  it('fulfils part of a line, then the rest; ships with tracking numbers; the statuses follow (reference 1.3)', async () => {
    const order = await placeOrder(t, shop, { quantity: 3 });
    const item = order.items[0];
    const first = await admin
      .post(`/admin/orders/${order.id}/fulfillment`)
      .send({ items: [{ item_id: item.id, quantity: 2 }], metadata: { box: 'A' } })
      .expect(200);
    expect(first.body.order).toMatchObject({ object: 'order', fulfillment_status: 'partially_fulfilled' });
    expect(first.body.order.fulfillments).toHaveLength(1);
    const fulfillment = first.body.order.fulfillments[0];
    expect(fulfillment).toMatchObject({
      id: expect.stringMatching(/^ful_/),
      order_id: order.id,
      provider_id: 'manual',
      data: {},
      metadata: { box: 'A' },
      tracking_numbers: [],
      shipped_at: null,
      canceled_at: null,
      items: [{ fulfillment_id: expect.any(String), item_id: item.id, quantity: 2 }],
    });
    expect(first.body.order.items[0].fulfilled_quantity).toBe(2);
    expect(await events(order.id, 'order.fulfillment_created')).toEqual([{ data: { id: order.id, fulfillment_id: fulfillment.id, no_notification: null } }]);

    const rest = await admin
      .post(`/admin/orders/${order.id}/fulfillment`)
      .send({ items: [{ item_id: item.id, quantity: 1 }] })
      .expect(200);
    expect(rest.body.order.fulfillment_status).toBe('fulfilled');
    expect(await lineOf(item.id)).toEqual({ quantity: 3, fulfilled_quantity: 3, shipped_quantity: null });

    const shipped = await admin
      .post(`/admin/orders/${order.id}/shipment`)
      .send({ fulfillment_id: fulfillment.id, tracking_numbers: ['RH370168054CN', 'RH2'], no_notification: true })
      .expect(200);
    expect(shipped.body.order.fulfillment_status).toBe('partially_shipped');
    const shippedFulfillment = shipped.body.order.fulfillments.find((f: { id: string }) => f.id === fulfillment.id);
    expect(shippedFulfillment).toMatchObject({ shipped_at: expect.any(String), no_notification: true });
    expect(shippedFulfillment.tracking_links.map((l: { tracking_number: string; url: null }) => [l.tracking_number, l.url]).sort()).toEqual([
      ['RH2', null],
      ['RH370168054CN', null],
    ]);
    expect(await events(order.id, 'order.shipment_created')).toEqual([{ data: { id: order.id, fulfillment_id: fulfillment.id, no_notification: true } }]);
    const second = rest.body.order.fulfillments.find((f: { id: string }) => f.id !== fulfillment.id);
    const all = await admin.post(`/admin/orders/${order.id}/shipment`).send({ fulfillment_id: second.id }).expect(200);
    expect(all.body.order.fulfillment_status).toBe('shipped');
    expect(await lineOf(item.id)).toEqual({ quantity: 3, fulfilled_quantity: 3, shipped_quantity: 3 });
    // The shipped lines are now returnable (Medusa's returnable_items).
    const page = await admin.get(`/admin/orders/${order.id}?expand=items,returnable_items`).expect(200);
    expect(page.body.order.returnable_items.map((i: { id: string }) => i.id)).toEqual([item.id]);

    // A fulfilment ships once; a shipped one cannot be canceled.
    const again = await admin.post(`/admin/orders/${order.id}/shipment`).send({ fulfillment_id: second.id }).expect(400);
    expect(again.body).toEqual({ type: 'not_allowed', message: 'Fulfillment has already been shipped' });
    const cancelShipped = await admin.post(`/admin/orders/${order.id}/fulfillments/${second.id}/cancel`).expect(400);
    expect(cancelShipped.body).toEqual({ type: 'not_allowed', message: 'The fulfillment has already been shipped. Shipped fulfillments cannot be canceled' });
  });

  it("refuses more than was bought with Medusa's message, and changes nothing", async () => {
    const order = await placeOrder(t, shop, { quantity: 2 });
    const item = order.items[0];
    const res = await admin
      .post(`/admin/orders/${order.id}/fulfillment`)
      .send({ items: [{ item_id: item.id, quantity: 3 }] })
      .expect(400);
    expect(res.body).toEqual({ type: 'not_allowed', message: 'Cannot fulfill more items than have been purchased' });
    expect(await lineOf(item.id)).toMatchObject({ fulfilled_quantity: null });
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM fulfillment WHERE order_id = $1`, [order.id]))[0].n).toBe(0);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const order = await placeOrder(t, shop, { quantity: 2 });
    const item = order.items[0];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'items must be an array'],
      [{ items: [{ item_id: item.id, quantity: 1.5 }] }, 'items.0.quantity must be an integer number'],
      [{ items: [{ item_id: item.id, quantity: 0 }] }, 'items.0.quantity must not be less than 1'],
      [{ items: [{ item_id: '', quantity: 1 }] }, 'items.0.item_id should not be empty'],
      [{ items: [], bogus: 1 }, 'property bogus should not exist'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post(`/admin/orders/${order.id}/fulfillment`).send(body).expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(res.body.message).toContain(message);
    }
    const shipment = await admin.post(`/admin/orders/${order.id}/shipment`).send({ tracking_numbers: 'x' }).expect(400);
    expect(shipment.body.message).toContain('fulfillment_id should not be empty');
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM fulfillment WHERE order_id = $1`, [order.id]))[0].n).toBe(0);
  });

  it('skips lines that are not the order’s, and ignores a JSON boolean no_notification (Medusa’s mapper)', async () => {
    const order = await placeOrder(t, shop, { quantity: 1 });
    const res = await admin
      .post(`/admin/orders/${order.id}/fulfillment`)
      .send({ items: [{ item_id: 'item_unknown', quantity: 1 }], no_notification: true })
      .expect(200);
    expect(res.body.order.fulfillments).toHaveLength(1);
    expect(res.body.order.fulfillments[0]).toMatchObject({ items: [], no_notification: null });
    const strings = await admin
      .post(`/admin/orders/${order.id}/fulfillment`)
      .send({ items: [{ item_id: order.items[0].id, quantity: 1 }], no_notification: 'true' })
      .expect(200);
    expect(strings.body.order.fulfillments.map((f: { no_notification: boolean | null }) => f.no_notification).sort()).toEqual([null, true]);
  });

  it('cancels an unshipped fulfilment: its units go back, the order reads canceled (Medusa), the event', async () => {
    const order = await placeOrder(t, shop, { quantity: 2 });
    const item = order.items[0];
    const created = await admin
      .post(`/admin/orders/${order.id}/fulfillment`)
      .send({ items: [{ item_id: item.id, quantity: 2 }] })
      .expect(200);
    const fulfillmentId = created.body.order.fulfillments[0].id;
    const res = await admin.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/cancel`).expect(200);
    expect(res.body.order.fulfillment_status).toBe('canceled');
    expect(res.body.order.fulfillments[0].canceled_at).toEqual(expect.any(String));
    expect(await lineOf(item.id)).toMatchObject({ fulfilled_quantity: 0 });
    // Again: accepted, nothing taken off twice.
    await admin.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/cancel`).expect(200);
    expect(await lineOf(item.id)).toMatchObject({ fulfilled_quantity: 0 });
    expect(await events(order.id, 'order.fulfillment_canceled')).toHaveLength(2);
    const ship = await admin.post(`/admin/orders/${order.id}/shipment`).send({ fulfillment_id: fulfillmentId }).expect(400);
    expect(ship.body).toEqual({ type: 'not_allowed', message: 'Fulfillment has been canceled' });

    const other = await placeOrder(t, shop, { quantity: 1 });
    const wrong = await admin.post(`/admin/orders/${other.id}/fulfillments/${fulfillmentId}/cancel`).expect(404);
    expect(wrong.body).toEqual({ type: 'not_found', message: `no fulfillment was found with the id: ${fulfillmentId} related to order: ${other.id}` });
    const wrongShip = await admin.post(`/admin/orders/${other.id}/shipment`).send({ fulfillment_id: fulfillmentId }).expect(404);
    expect(wrongShip.body).toEqual({ type: 'not_found', message: 'Could not find fulfillment' });
    const unknown = await admin.post(`/admin/orders/${order.id}/fulfillments/ful_missing/cancel`).expect(404);
    expect(unknown.body).toEqual({ type: 'not_found', message: 'Fulfillment with id: ful_missing was not found' });
  });

  it('never fulfils a line beyond its quantity when staff fulfil at once', async () => {
    const order = await placeOrder(t, shop, { quantity: 3 });
    const item = order.items[0];
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => admin.post(`/admin/orders/${order.id}/fulfillment`).send({ items: [{ item_id: item.id, quantity: 1 }] })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 400).map((r) => r.body.message)).toEqual(Array(3).fill('Cannot fulfill more items than have been purchased'));
    expect(await lineOf(item.id)).toMatchObject({ quantity: 3, fulfilled_quantity: 3 });
    const [{ units }] = await t.dataSource.query(`SELECT COALESCE(SUM(quantity), 0)::int AS units FROM fulfillment_item WHERE item_id = $1`, [item.id]);
    expect(units).toBe(3);
  });

  it('refuses a canceled order', async () => {
    const order = await placeOrder(t, shop, { quantity: 1 });
    await admin.post(`/admin/orders/${order.id}/cancel`).expect(200);
    const res = await admin
      .post(`/admin/orders/${order.id}/fulfillment`)
      .send({ items: [{ item_id: order.items[0].id, quantity: 1 }] })
      .expect(400);
    expect(res.body).toEqual({ type: 'not_allowed', message: 'A canceled order cannot be fulfilled' });
  });
});
