import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
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
    for (const name of ['customer.created', 'customer.updated', 'order.placed', 'gift_card.created', 'discount.created', 'draft_order.created']) {
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
});
