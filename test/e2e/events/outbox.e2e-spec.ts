import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { EventBus, EventMeta } from '../../../src/modules/events/event-bus.service';
import { emitEvent } from '../../../src/modules/events/outbox';

/** Polls until `check()` holds (bounded: a missing delivery fails with the last value). */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > until) throw new Error(`condition not met in ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

describe('Events: a transactional outbox delivered through the job queue', () => {
  let t: TestApp;
  let bus: EventBus;
  let shop: Shop;
  const received: Array<{ name: string; data: Record<string, unknown>; meta: EventMeta }> = [];
  const record = (name: string) => async (data: Record<string, unknown>, meta: EventMeta) => {
    received.push({ name, data, meta });
  };
  const deliveries = (name: string, id: string) => received.filter((r) => r.name === name && r.data.id === id);
  const events = (name: string, id: string) =>
    t.dataSource.query(`SELECT id, name, data, dispatched_at FROM outbox_event WHERE name = $1 AND data ->> 'id' = $2`, [name, id]);

  beforeAll(async () => {
    t = await createTestApp({ ...FAST_QUEUE_ENV, EVENTS_POLL_INTERVAL_MS: '100' });
    bus = t.app.get(EventBus);
    for (const name of [
      'customer.created',
      'customer.updated',
      'order.placed',
      'gift_card.created',
      'discount.created',
      'draft_order.created',
      'draft_order.updated',
      'cart.created',
      'cart.updated',
      // A cart event nobody listens to is not written (unheard-cart-events.e2e-spec.ts): this spec listens to all three.
      'cart.customer_updated',
    ]) {
      bus.subscribe(name, 'spec.recorder', record(name));
    }
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
  });
  afterAll(() => t.close());

  it('a registration writes customer.created with the customer, and each subscriber gets it once', async () => {
    const res = await t
      .http()
      .post('/store/customers')
      .send({ email: 'events@test.com', password: 'supersecret', first_name: 'Eve', last_name: 'Vent' })
      .expect(200);
    const id = res.body.customer.id;
    const [event] = await events('customer.created', id);
    expect(event.data).toEqual({ id, email: 'events@test.com', first_name: 'Eve', last_name: 'Vent', phone: null, has_account: true, metadata: null });
    expect(JSON.stringify(event.data)).not.toContain('password');

    const got = await eventually(
      () => deliveries('customer.created', id),
      (d) => d.length === 1,
    );
    expect(got[0].meta).toMatchObject({ eventId: event.id, name: 'customer.created', attempt: 0 });
    // Delivered once: no second delivery turns up, and the event is marked handed over.
    await new Promise((r) => setTimeout(r, 700));
    expect(deliveries('customer.created', id)).toHaveLength(1);
    expect((await events('customer.created', id))[0].dispatched_at).not.toBeNull();
  });

  it('a change that rolls back leaves no event (a duplicate registration; an emit in a failed transaction)', async () => {
    await t.http().post('/store/customers').send({ email: 'events@test.com', password: 'supersecret', first_name: 'Dup', last_name: 'Licate' }).expect(422);
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM outbox_event WHERE name = 'customer.created' AND data ->> 'email' = 'events@test.com'`,
    );
    expect(count).toBe(1);

    await expect(
      t.dataSource.transaction(async (manager) => {
        await emitEvent(manager, 'customer.updated', { id: 'cus_rolled_back' });
        throw new Error('the change fails after the emit');
      }),
    ).rejects.toThrow('the change fails');
    expect(await events('customer.updated', 'cus_rolled_back')).toHaveLength(0);
  });

  it('a failing subscriber is retried (with its attempt number) without running the others again', async () => {
    const attempts: number[] = [];
    bus.subscribe('customer.updated', 'spec.flaky', async (_data, meta) => {
      attempts.push(meta.attempt);
      if (attempts.length === 1) throw new Error('the mail server is down');
    });
    const res = await t.http().post('/store/customers').send({ email: 'flaky@test.com', password: 'supersecret', first_name: 'F', last_name: 'L' }).expect(200);
    const agent = t.agent();
    await agent.post('/store/auth').send({ email: 'flaky@test.com', password: 'supersecret' }).expect(200);
    await agent.post('/store/customers/me').send({ first_name: 'Flaky' }).expect(200);
    await eventually(
      () => attempts,
      (a) => a.length === 2,
    );
    expect(attempts).toEqual([0, 1]);
    const [update] = deliveries('customer.updated', res.body.customer.id);
    expect(update.data).toMatchObject({ id: res.body.customer.id, first_name: 'Flaky' });
    await new Promise((r) => setTimeout(r, 700));
    expect(deliveries('customer.updated', res.body.customer.id)).toHaveLength(1);
  });

  it('order.placed is written by cart completion with Medusa payload { id, no_notification }', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id, provider: 'manual' });
    const res = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    const orderId = res.body.data.id;
    expect((await events('order.placed', orderId)).map((e: { data: unknown }) => e.data)).toEqual([{ id: orderId, no_notification: null }]);
    await eventually(
      () => deliveries('order.placed', orderId),
      (d) => d.length === 1,
    );
    // Completing again answers the same order and writes no second event.
    await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    expect(await events('order.placed', orderId)).toHaveLength(1);
  });

  it('admin creations emit gift_card.created, discount.created and draft_order.created with { id }', async () => {
    const admin = await adminAgent(t);
    const card = (await admin.post('/admin/gift-cards').send({ region_id: shop.region.id, value: 1000 }).expect(200)).body.gift_card;
    const discount = (
      await admin
        .post('/admin/discounts')
        .send({ code: 'EVENTS10', regions: [shop.region.id], rule: { type: 'percentage', value: 10, allocation: 'total' } })
        .expect(200)
    ).body.discount;
    const draft = (
      await admin
        .post('/admin/draft-orders')
        .send({
          email: 'draft@test.com',
          region_id: shop.region.id,
          items: [{ variant_id: shop.variant.id, quantity: 1 }],
          shipping_methods: [{ option_id: shop.shippingOption.id }],
        })
        .expect(200)
    ).body.draft_order;
    for (const [name, id] of [
      ['gift_card.created', card.id],
      ['discount.created', discount.id],
      ['draft_order.created', draft.id],
    ]) {
      expect((await events(name, id)).map((e: { data: unknown }) => e.data)).toEqual([{ id }]);
      await eventually(
        () => deliveries(name, id),
        (d) => d.length === 1,
      );
    }
  });
  /** Every event about the resource `id` (an `{ id }` payload or a bare id), in outbox order. */
  const eventsAbout = async (id: string): Promise<Array<{ name: string; data: unknown }>> =>
    t.dataSource.query(`SELECT name, data FROM outbox_event WHERE data ->> 'id' = $1 OR data = to_jsonb($1::text) ORDER BY seq`, [id]);
  const countOf = async (name: string): Promise<number> =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM outbox_event WHERE name = $1`, [name]))[0].n;

  it("cart.created { id } for a cart made by POST /store/carts, with or without items, and for a draft order's cart; a refused creation writes none", async () => {
    const bare = await createCartViaApi(t, { region_id: shop.region.id });
    expect(await eventsAbout(bare.id)).toEqual([{ name: 'cart.created', data: { id: bare.id } }]);
    const withItems = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    expect(await eventsAbout(withItems.id)).toEqual([{ name: 'cart.created', data: { id: withItems.id } }]);
    await eventually(
      () => deliveries('cart.created', withItems.id),
      (d) => d.length === 1,
    );

    const before = await countOf('cart.created');
    await t.http().post('/store/carts').send({ region_id: 'reg_missing' }).expect(404);
    await t
      .http()
      .post('/store/carts')
      .send({ region_id: shop.region.id, items: [{ variant_id: 'variant_missing', quantity: 1 }] })
      .expect(400);
    expect(await countOf('cart.created')).toBe(before);

    const admin = await adminAgent(t);
    const draft = (
      await admin
        .post('/admin/draft-orders')
        .send({
          email: 'draft-cart@test.com',
          region_id: shop.region.id,
          items: [{ variant_id: shop.variant.id, quantity: 1 }],
          shipping_methods: [{ option_id: shop.shippingOption.id }],
        })
        .expect(200)
    ).body.draft_order;
    expect((await eventsAbout(draft.cart_id)).filter((e) => e.name === 'cart.created')).toEqual([{ name: 'cart.created', data: { id: draft.cart_id } }]);
  });

  it('cart.updated { id } after adding, changing and deleting a line and adding a shipping method; a refused or empty change writes none', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const updates = async () => (await eventsAbout(cart.id)).filter((e) => e.name === 'cart.updated');
    const line = (await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }).expect(200)).body.cart.items[0];
    expect(await updates()).toEqual([{ name: 'cart.updated', data: { id: cart.id } }]);
    await t.http().post(`/store/carts/${cart.id}/line-items/${line.id}`).send({ quantity: 2 }).expect(200);
    expect(await updates()).toHaveLength(2);

    // Refused: an unknown variant, a quantity over the limit, an unknown shipping option; a line not in the cart deletes nothing.
    await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: 'variant_missing', quantity: 1 }).expect(400);
    await t.http().post(`/store/carts/${cart.id}/line-items/${line.id}`).send({ quantity: -1 }).expect(400);
    await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: 'so_missing' }).expect(404);
    await t.http().delete(`/store/carts/${cart.id}/line-items/item_missing`).expect(200);
    expect(await updates()).toHaveLength(2);

    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    await t.http().delete(`/store/carts/${cart.id}/line-items/${line.id}`).expect(200);
    // prepareCheckout: the update (cart row payload) and the shipping method ({ id }); then the deletion.
    const all = await updates();
    expect(all.map((e) => e.data)).toEqual([
      { id: cart.id },
      { id: cart.id },
      expect.objectContaining({ id: cart.id, email: 'shopper@test.com', region_id: shop.region.id }),
      { id: cart.id },
      { id: cart.id },
    ]);
    await eventually(
      () => deliveries('cart.updated', cart.id),
      (d) => d.length === 5,
    );
  });

  it('POST /store/carts/:id: cart.customer_updated (the bare cart id) before cart.updated (the cart row) when the customer changes; cart.updated alone otherwise', async () => {
    // A subscriber of a bare-id event receives the id string.
    const customerUpdates: unknown[] = [];
    bus.subscribe<string>('cart.customer_updated', 'spec.bare-id', async (data) => void customerUpdates.push(data));
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const res = await t.http().post(`/store/carts/${cart.id}`).send({ email: 'first@test.com' }).expect(200);
    const after = (await eventsAbout(cart.id)).slice(1);
    expect(after).toEqual([
      { name: 'cart.customer_updated', data: cart.id },
      { name: 'cart.updated', data: expect.objectContaining({ id: cart.id, email: 'first@test.com', customer_id: res.body.cart.customer_id }) },
    ]);
    // The row, not the tree: no relations, no totals.
    expect(after[1].data).not.toHaveProperty('items');
    expect(after[1].data).not.toHaveProperty('total');
    await t.http().post(`/store/carts/${cart.id}`).send({ email: 'second@test.com' }).expect(200);
    await eventually(
      () => customerUpdates.filter((d) => d === cart.id),
      (d) => d.length === 2,
    );
    expect(customerUpdates.every((d) => typeof d === 'string')).toBe(true);

    // The same customer again, or no customer in the body: cart.updated only.
    await t.http().post(`/store/carts/${cart.id}`).send({ email: 'second@test.com' }).expect(200);
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ context: { note: 'x' } })
      .expect(200);
    const names = (await eventsAbout(cart.id)).map((e) => e.name);
    expect(names.slice(3)).toEqual(['cart.customer_updated', 'cart.updated', 'cart.updated', 'cart.updated']);

    // A refused update (a region that does not exist) writes nothing.
    await t.http().post(`/store/carts/${cart.id}`).send({ email: 'third@test.com', region_id: 'reg_missing' }).expect(404);
    expect(await eventsAbout(cart.id)).toHaveLength(1 + 2 + 2 + 2);
  });

  it('GET /store/carts/:id attaching the logged-in customer writes cart.customer_updated and cart.updated; a read of the own cart writes none', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const customer = await t
      .http()
      .post('/store/customers')
      .send({ email: 'attach@test.com', password: 'secret-pass-1', first_name: 'A', last_name: 'B' })
      .expect(200);
    const { access_token } = (await t.http().post('/store/auth/token').send({ email: 'attach@test.com', password: 'secret-pass-1' }).expect(200)).body;
    const read = () => t.http().get(`/store/carts/${cart.id}`).set('Authorization', `Bearer ${access_token}`).expect(200);
    expect((await read()).body.cart.customer_id).toBe(customer.body.customer.id);
    expect((await eventsAbout(cart.id)).slice(1)).toEqual([
      { name: 'cart.customer_updated', data: cart.id },
      { name: 'cart.updated', data: expect.objectContaining({ id: cart.id, customer_id: customer.body.customer.id, email: 'attach@test.com' }) },
    ]);
    await read();
    expect(await eventsAbout(cart.id)).toHaveLength(3);
  });

  it('applying a discount (cart row) and removing it ({ id }) write cart.updated', async () => {
    const discount = await createDiscount(t.dataSource.manager, { regions: [shop.region.id] });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ discounts: [{ code: discount.code }] })
      .expect(200);
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ discounts: [{ code: 'NO_SUCH_CODE' }] })
      .expect(404);
    await t.http().delete(`/store/carts/${cart.id}/discounts/${discount.code}`).expect(200);
    expect((await eventsAbout(cart.id)).map((e) => [e.name, e.data])).toEqual([
      ['cart.created', { id: cart.id }],
      ['cart.updated', expect.objectContaining({ id: cart.id })],
      ['cart.updated', { id: cart.id }],
    ]);
  });

  it('draft_order.updated { id } when no_notification_order changes, none when it does not', async () => {
    const admin = await adminAgent(t);
    const draft = (
      await admin
        .post('/admin/draft-orders')
        .send({
          email: 'draft-upd@test.com',
          region_id: shop.region.id,
          items: [{ variant_id: shop.variant.id, quantity: 1 }],
          shipping_methods: [{ option_id: shop.shippingOption.id }],
        })
        .expect(200)
    ).body.draft_order;
    await admin.post(`/admin/draft-orders/${draft.id}`).send({ no_notification_order: true }).expect(200);
    await admin.post(`/admin/draft-orders/${draft.id}`).send({ no_notification_order: true }).expect(200);
    await admin.post(`/admin/draft-orders/${draft.id}`).send({ email: 'draft-upd2@test.com' }).expect(200);
    expect(await events('draft_order.updated', draft.id)).toHaveLength(1);
    expect((await events('draft_order.updated', draft.id))[0].data).toEqual({ id: draft.id });
    await admin.post(`/admin/draft-orders/${draft.id}`).send({ no_notification_order: false }).expect(200);
    expect(await events('draft_order.updated', draft.id)).toHaveLength(2);

    // The draft's lines change its cart: cart.updated { id }, as Medusa's cart service sends it.
    const cartUpdates = async () => (await eventsAbout(draft.cart_id)).filter((e) => e.name === 'cart.updated').length;
    const beforeLines = await cartUpdates();
    const withLine = (await admin.post(`/admin/draft-orders/${draft.id}/line-items`).send({ title: 'Engraving', unit_price: 500, quantity: 1 }).expect(200))
      .body.draft_order;
    const engraving = withLine.cart.items.find((i: { title: string }) => i.title === 'Engraving');
    await admin.post(`/admin/draft-orders/${draft.id}/line-items/${engraving.id}`).send({ quantity: 2 }).expect(200);
    await admin.delete(`/admin/draft-orders/${draft.id}/line-items/${engraving.id}`).expect(200);
    expect(await cartUpdates()).toBe(beforeLines + 3);
    await eventually(
      () => deliveries('draft_order.updated', draft.id),
      (d) => d.length === 2,
    );
  });

  it('the capture that pays an order writes gift_card.created { id } for each card bought, after order.placed; a refused completion writes none', async () => {
    const product = await createProduct(t.dataSource.manager, {
      is_giftcard: true,
      variants: [{ manage_inventory: false, inventory_quantity: 0, prices: [{ currency_code: 'eur', amount: 2500 }] }],
    });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: product.variants![0].id, quantity: 3 }] });
    const before = await countOf('gift_card.created');
    // Refused: no payment session yet.
    await t.http().post(`/store/carts/${cart.id}/complete`).expect(400);
    expect(await countOf('gift_card.created')).toBe(before);

    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    const orderId = (await t.http().post(`/store/carts/${cart.id}/complete`).expect(200)).body.data.id;
    const cards: string[] = (await t.dataSource.query(`SELECT id FROM gift_card WHERE order_id = $1 ORDER BY id`, [orderId])).map((r: { id: string }) => r.id);
    expect(cards).toHaveLength(3);
    const written = (): Promise<Array<{ name: string; data: { id: string } }>> =>
      t.dataSource.query(
        `SELECT name, data FROM outbox_event WHERE (name = 'gift_card.created' AND data->>'id' = ANY($1)) OR (name = 'order.placed' AND data->>'id' = $2) ORDER BY seq`,
        [cards, orderId],
      );
    // The manual provider only authorizes: nothing is handed over before the capture.
    expect((await written()).map((e) => e.name)).toEqual(['order.placed']);
    await (await adminAgent(t)).post(`/admin/orders/${orderId}/capture`).expect(200);
    const events = await written();
    expect(events.map((e) => e.name)).toEqual(['order.placed', 'gift_card.created', 'gift_card.created', 'gift_card.created']);
    expect(
      events
        .slice(1)
        .map((e) => e.data.id)
        .sort(),
    ).toEqual(cards);
    expect(events[1].data).toEqual({ id: events[1].data.id });
    for (const id of cards) {
      await eventually(
        () => deliveries('gift_card.created', id),
        (d) => d.length === 1,
      );
    }
  });
});
